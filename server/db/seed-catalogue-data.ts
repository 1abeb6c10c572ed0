/** The demo catalogue's vocabulary: brands, the category tree, params and tags. */

export interface BrandSpec {
  header: string
  /** articul prefix for foreign brands; Russian brands get EAN-13 barcodes as articuls */
  code?: string
}

/** Brand ids are positions in this list, from 1. */
export const BRANDS: readonly BrandSpec[] = [
  { header: 'Bosch', code: 'BSH' },
  { header: 'Makita', code: 'MKT' },
  { header: 'DeWalt', code: 'DWT' },
  { header: 'Metabo', code: 'MTB' },
  { header: 'HiKOKI', code: 'HKK' },
  { header: 'AEG', code: 'AEG' },
  { header: 'Einhell', code: 'EHL' },
  { header: 'Интерскол' },
  { header: 'Зубр' },
  { header: 'Stayer', code: 'STR' },
  { header: 'Kraftool', code: 'KRF' },
  { header: 'Matrix', code: 'MTX' },
  { header: 'Stanley', code: 'STN' },
  { header: 'Fit', code: 'FIT' },
  { header: 'IEK', code: 'IEK' },
  { header: 'Schneider Electric', code: 'SE' },
  { header: 'Legrand', code: 'LGR' },
  { header: 'ABB', code: 'ABB' },
  { header: 'EKF', code: 'EKF' },
  { header: 'Gauss', code: 'GSS' },
  { header: 'Navigator', code: 'NVG' },
  { header: 'Камкабель' },
  { header: 'Rehau', code: 'RHU' },
  { header: 'Valtec', code: 'VTC' },
  { header: 'Rifar', code: 'RFR' },
  { header: 'Royal Thermo', code: 'RTH' },
  { header: 'Kermi', code: 'KRM' },
  { header: 'Ariston', code: 'ARS' },
  { header: 'Thermex', code: 'TMX' },
  { header: 'Knauf', code: 'KNF' },
  { header: 'Церезит' },
  { header: 'Волма' },
  { header: 'Основит' },
  { header: 'Юнис' },
  { header: 'Ресанта' },
  { header: 'Huter', code: 'HTR' },
  { header: 'Champion', code: 'CHP' },
  { header: 'Patriot', code: 'PTR' },
  { header: 'Сварог' },
  { header: 'Fubag', code: 'FBG' },
]

export type ParamKey = 'power' | 'voltage' | 'weight' | 'length' | 'diameter' | 'volume' | 'section' | 'warranty' | 'current' | 'consumption'

/** Param ids are positions in this list, from 1. */
export const PARAMS: readonly { key: ParamKey; header: string; unit: string }[] = [
  { key: 'power', header: 'Мощность', unit: 'Вт' },
  { key: 'voltage', header: 'Напряжение', unit: 'В' },
  { key: 'weight', header: 'Вес', unit: 'кг' },
  { key: 'length', header: 'Длина', unit: 'м' },
  { key: 'diameter', header: 'Диаметр', unit: 'мм' },
  { key: 'volume', header: 'Объём', unit: 'л' },
  { key: 'section', header: 'Сечение', unit: 'мм²' },
  { key: 'warranty', header: 'Гарантия', unit: 'мес' },
  { key: 'current', header: 'Номинальный ток', unit: 'А' },
  { key: 'consumption', header: 'Расход', unit: 'кг/м²' },
]

/** Tag ids are positions in this list, from 1. */
export const TAGS: readonly string[] = [
  'Новинка',
  'Хит продаж',
  'Распродажа',
  'Под заказ',
  'Эксклюзив',
  'Профессиональный',
  'Бытовой',
  'Лучшая цена',
  'Сделано в России',
  'Выбор покупателей',
  'Ограниченная партия',
  'Энергосберегающий',
]

/** A param and the values products may have; the first param of a set names the product's size. */
type ParamValues = readonly [ParamKey, readonly number[]]

export interface LeafSpec {
  header: string
  /** the product noun that starts each product header */
  noun: string
  /** base price range in roubles */
  price: readonly [number, number]
  params?: readonly ParamValues[]
}

export interface GroupSpec {
  header: string
  brands?: readonly string[]
  params: readonly ParamValues[]
  leaves: readonly LeafSpec[]
}

export type PictureShape = 'drill' | 'wrench' | 'coil' | 'radiator' | 'bag' | 'generator'

export interface SectionSpec {
  header: string
  /** what the generated product pictures of this section show */
  shape: PictureShape
  brands: readonly string[]
  /** first sentences of product descriptions */
  phrases: readonly string[]
  groups: readonly GroupSpec[]
}

const warranty = (...months: number[]): ParamValues => ['warranty', months]

/**
 * Category ids: groups 1-23, sections 24-29, leaves from 30 (see buildCategories). So the default
 * catalogue '27' (spec §9) is the whole section «Отопление и водоснабжение», and '2' (the spec's
 * other reading) the group «Перфораторы и отбойные молотки»; both hold products.
 */
export const SECTIONS: readonly SectionSpec[] = [
  {
    header: 'Электроинструмент',
    shape: 'drill',
    brands: ['Bosch', 'Makita', 'DeWalt', 'Metabo', 'HiKOKI', 'AEG', 'Einhell', 'Интерскол', 'Зубр'],
    phrases: [
      'Надёжный инструмент для ежедневной работы на объекте и в мастерской',
      'Эргономичная рукоятка с обрезиненными накладками снижает усталость при долгой работе',
      'Двигатель с защитой от перегрузки и плавным пуском',
      'Подходит для профессионального и бытового применения',
    ],
    groups: [
      {
        header: 'Дрели и шуруповёрты',
        params: [['voltage', [10.8, 12, 14.4, 18, 36]], ['weight', [1.1, 1.3, 1.5, 1.8, 2.2]], warranty(12, 24, 36)],
        leaves: [
          { header: 'Аккумуляторные дрели-шуруповёрты', noun: 'Дрель-шуруповёрт аккумуляторная', price: [3500, 28000] },
          { header: 'Ударные гайковёрты', noun: 'Гайковёрт ударный аккумуляторный', price: [6000, 42000] },
          { header: 'Винтовёрты', noun: 'Винтовёрт аккумуляторный', price: [4500, 26000] },
        ],
      },
      {
        header: 'Перфораторы и отбойные молотки',
        params: [['power', [650, 800, 900, 1100, 1250, 1500]], ['weight', [2.4, 2.9, 3.6, 5.8, 8.2]], warranty(12, 24, 36)],
        leaves: [
          { header: 'Перфораторы SDS-plus', noun: 'Перфоратор SDS-plus', price: [4500, 32000] },
          { header: 'Перфораторы SDS-max', noun: 'Перфоратор SDS-max', price: [18000, 85000] },
          { header: 'Отбойные молотки', noun: 'Молоток отбойный', price: [15000, 120000] },
        ],
      },
      {
        header: 'Шлифовальные машины',
        params: [['power', [500, 720, 900, 1200, 1400, 2000, 2400]], ['diameter', [115, 125, 150, 180, 230]], warranty(12, 24)],
        leaves: [
          { header: 'Угловые шлифмашины (УШМ)', noun: 'Шлифмашина угловая', price: [2800, 25000] },
          { header: 'Эксцентриковые шлифмашины', noun: 'Шлифмашина эксцентриковая', price: [4000, 30000] },
          { header: 'Ленточные шлифмашины', noun: 'Шлифмашина ленточная', price: [5000, 35000] },
        ],
      },
      {
        header: 'Пилы',
        params: [['power', [600, 710, 800, 1200, 1400, 1800]], ['weight', [2.1, 2.6, 3.4, 4.2, 5.1]], warranty(12, 24, 36)],
        leaves: [
          { header: 'Циркулярные пилы', noun: 'Пила циркулярная', price: [4000, 40000] },
          { header: 'Электролобзики', noun: 'Лобзик электрический', price: [2500, 22000] },
          { header: 'Сабельные пилы', noun: 'Пила сабельная', price: [5000, 35000] },
        ],
      },
    ],
  },
  {
    header: 'Ручной инструмент',
    shape: 'wrench',
    brands: ['Stayer', 'Kraftool', 'Matrix', 'Stanley', 'Fit', 'Зубр'],
    phrases: [
      'Инструментальная сталь с антикоррозионным покрытием',
      'Проверенный инструмент для монтажных и ремонтных работ',
      'Удобная двухкомпонентная рукоятка не скользит в руке',
    ],
    groups: [
      {
        header: 'Измерительный инструмент',
        params: [['length', [3, 5, 7.5, 8, 10]], ['weight', [0.2, 0.3, 0.4, 0.6]], warranty(12, 24)],
        leaves: [
          { header: 'Рулетки', noun: 'Рулетка измерительная', price: [250, 2500] },
          {
            header: 'Уровни строительные',
            noun: 'Уровень строительный',
            price: [400, 6500],
            params: [['length', [0.4, 0.6, 0.8, 1, 1.2, 2]], ['weight', [0.3, 0.5, 0.8, 1.2]], warranty(12, 24)],
          },
          {
            header: 'Лазерные нивелиры',
            noun: 'Нивелир лазерный',
            price: [3500, 45000],
            params: [['length', [10, 15, 20, 30]], ['weight', [0.4, 0.6, 0.9]], warranty(12, 24, 36)],
          },
        ],
      },
      {
        header: 'Слесарный инструмент',
        params: [['weight', [0.2, 0.35, 0.5, 1.2, 2.5, 4.8]], warranty(12, 24, 60)],
        leaves: [
          { header: 'Наборы ключей', noun: 'Набор комбинированных ключей', price: [800, 12000] },
          { header: 'Наборы отвёрток', noun: 'Набор отвёрток', price: [400, 5000] },
          { header: 'Пассатижи и кусачки', noun: 'Пассатижи комбинированные', price: [300, 3500] },
        ],
      },
      {
        header: 'Малярный инструмент',
        params: [
          ['length', [0.05, 0.075, 0.1, 0.15, 0.25]],
          ['weight', [0.1, 0.15, 0.2, 0.3]],
        ],
        leaves: [
          { header: 'Валики малярные', noun: 'Валик малярный', price: [150, 1500] },
          { header: 'Кисти', noun: 'Кисть плоская', price: [50, 800] },
          { header: 'Шпатели', noun: 'Шпатель из нержавеющей стали', price: [100, 900] },
        ],
      },
    ],
  },
  {
    header: 'Электрика',
    shape: 'coil',
    brands: ['IEK', 'Schneider Electric', 'Legrand', 'ABB', 'EKF'],
    phrases: [
      'Соответствует требованиям ГОСТ и ТР ТС',
      'Для монтажа в жилых, общественных и производственных зданиях',
      'Негорючие материалы корпуса, рабочая температура от -25 до +40 °C',
    ],
    groups: [
      {
        header: 'Кабель и провод',
        brands: ['Камкабель', 'IEK', 'EKF'],
        params: [['section', [1.5, 2.5, 4, 6, 10]], ['length', [50, 100, 200]], warranty(24, 60)],
        leaves: [
          { header: 'Кабель ВВГнг(А)-LS', noun: 'Кабель ВВГнг(А)-LS', price: [2500, 30000] },
          { header: 'Провод ПВС', noun: 'Провод ПВС', price: [1500, 20000] },
          { header: 'Кабель NYM', noun: 'Кабель NYM', price: [3000, 35000] },
        ],
      },
      {
        header: 'Автоматы и УЗО',
        params: [['current', [6, 10, 16, 20, 25, 32, 40, 63]], ['voltage', [230, 400]], warranty(12, 24, 60)],
        leaves: [
          { header: 'Автоматические выключатели', noun: 'Выключатель автоматический', price: [150, 3500] },
          { header: 'УЗО', noun: 'Устройство защитного отключения', price: [900, 6000] },
          { header: 'Дифференциальные автоматы', noun: 'Дифавтомат', price: [1200, 7000] },
        ],
      },
      {
        header: 'Розетки и выключатели',
        brands: ['Schneider Electric', 'Legrand', 'ABB', 'IEK'],
        params: [['current', [10, 16]], ['voltage', [250]], warranty(12, 24)],
        leaves: [
          { header: 'Розетки', noun: 'Розетка с заземлением', price: [150, 1500] },
          { header: 'Выключатели', noun: 'Выключатель одноклавишный', price: [120, 1200] },
          {
            header: 'Удлинители',
            noun: 'Удлинитель',
            price: [300, 3500],
            params: [['length', [1.5, 3, 5, 10, 20]], ['section', [0.75, 1, 1.5]], warranty(12)],
          },
        ],
      },
      {
        header: 'Освещение',
        brands: ['Gauss', 'Navigator', 'IEK', 'EKF'],
        params: [['power', [5, 7, 10, 12, 20, 30, 50, 100]], ['voltage', [230]], warranty(12, 24, 36)],
        leaves: [
          { header: 'Светодиодные лампы', noun: 'Лампа светодиодная', price: [60, 450] },
          { header: 'Светильники светодиодные', noun: 'Светильник светодиодный', price: [400, 4500] },
          { header: 'Прожекторы', noun: 'Прожектор светодиодный', price: [600, 8000] },
        ],
      },
    ],
  },
  {
    header: 'Отопление и водоснабжение',
    shape: 'radiator',
    brands: ['Rehau', 'Valtec'],
    phrases: [
      'Рассчитан на работу в системах отопления и водоснабжения многоквартирных домов',
      'Рабочее давление до 16 атм, температура теплоносителя до 110 °C',
      'Проверен на герметичность на заводе-изготовителе',
    ],
    groups: [
      {
        header: 'Радиаторы',
        brands: ['Rifar', 'Royal Thermo', 'Kermi'],
        params: [['power', [800, 1200, 1600, 2000, 2400]], ['weight', [6.5, 9.8, 13.2, 16.4]], warranty(60, 120, 300)],
        leaves: [
          { header: 'Биметаллические радиаторы', noun: 'Радиатор биметаллический', price: [5000, 28000] },
          { header: 'Алюминиевые радиаторы', noun: 'Радиатор алюминиевый', price: [3500, 18000] },
          { header: 'Стальные панельные радиаторы', noun: 'Радиатор стальной панельный', price: [4500, 30000] },
        ],
      },
      {
        header: 'Трубы и фитинги',
        params: [['diameter', [16, 20, 25, 32, 40]], ['length', [2, 4]], warranty(60, 120)],
        leaves: [
          { header: 'Трубы полипропиленовые', noun: 'Труба PPR PN20', price: [90, 900] },
          { header: 'Трубы из сшитого полиэтилена', noun: 'Труба PEX-a', price: [80, 600] },
          {
            header: 'Фитинги латунные',
            noun: 'Фитинг компрессионный',
            price: [150, 1500],
            params: [['diameter', [16, 20, 26, 32]], warranty(60, 120)],
          },
        ],
      },
      {
        header: 'Запорная арматура',
        params: [['diameter', [15, 20, 25, 32, 40]], ['weight', [0.2, 0.35, 0.6, 1.1]], warranty(60, 84)],
        leaves: [
          { header: 'Шаровые краны', noun: 'Кран шаровой', price: [350, 3500] },
          { header: 'Обратные клапаны', noun: 'Клапан обратный', price: [300, 2500] },
          { header: 'Фильтры сетчатые', noun: 'Фильтр сетчатый косой', price: [250, 2200] },
        ],
      },
      {
        header: 'Водонагреватели',
        brands: ['Ariston', 'Thermex'],
        params: [['volume', [10, 30, 50, 80, 100, 150]], ['power', [1500, 2000, 2500]], warranty(12, 36, 84)],
        leaves: [
          { header: 'Накопительные водонагреватели', noun: 'Водонагреватель накопительный', price: [9000, 45000] },
          {
            header: 'Проточные водонагреватели',
            noun: 'Водонагреватель проточный',
            price: [3000, 20000],
            params: [['power', [3500, 5500, 6500, 8000]], warranty(12, 24)],
          },
        ],
      },
    ],
  },
  {
    header: 'Сухие смеси и грунтовки',
    shape: 'bag',
    brands: ['Knauf', 'Церезит', 'Волма', 'Основит', 'Юнис'],
    phrases: [
      'Для внутренних и наружных работ, наносится вручную и машинным способом',
      'Морозостойкая смесь, не даёт усадки и трещин',
      'Экологически безопасный состав на минеральной основе',
    ],
    groups: [
      {
        header: 'Штукатурки',
        params: [
          ['weight', [5, 25, 30]],
          ['consumption', [8.5, 9, 10, 12]],
        ],
        leaves: [
          { header: 'Штукатурки гипсовые', noun: 'Штукатурка гипсовая', price: [350, 750] },
          { header: 'Штукатурки цементные', noun: 'Штукатурка цементная', price: [250, 600] },
        ],
      },
      {
        header: 'Клеи',
        params: [
          ['weight', [5, 25]],
          ['consumption', [1.5, 3, 4, 5]],
        ],
        leaves: [
          { header: 'Клеи плиточные', noun: 'Клей плиточный', price: [300, 1100] },
          { header: 'Клеи для газобетона', noun: 'Клей для газобетона', price: [250, 500] },
        ],
      },
      {
        header: 'Шпаклёвки',
        params: [
          ['weight', [5, 18, 20, 25]],
          ['consumption', [0.5, 1, 1.2]],
        ],
        leaves: [
          { header: 'Шпаклёвки финишные', noun: 'Шпаклёвка финишная', price: [400, 1200] },
          { header: 'Шпаклёвки стартовые', noun: 'Шпаклёвка стартовая', price: [300, 700] },
        ],
      },
      {
        header: 'Грунтовки и гидроизоляция',
        params: [
          ['volume', [1, 5, 10]],
          ['consumption', [0.1, 0.2, 1.5]],
          ['weight', [1.1, 5.2, 10.5]],
        ],
        leaves: [
          { header: 'Грунтовки', noun: 'Грунтовка глубокого проникновения', price: [250, 1800] },
          { header: 'Гидроизоляция обмазочная', noun: 'Гидроизоляция обмазочная', price: [900, 4500] },
        ],
      },
    ],
  },
  {
    header: 'Силовая техника',
    shape: 'generator',
    brands: ['Ресанта', 'Huter', 'Patriot'],
    phrases: [
      'Рассчитан на длительную работу в условиях стройплощадки',
      'Защита от перегрева и короткого замыкания, удобная панель управления',
      'Компактный корпус с ручками для переноски',
    ],
    groups: [
      {
        header: 'Стабилизаторы напряжения',
        params: [['power', [500, 1000, 2000, 5000, 8000, 10000]], ['weight', [3.2, 5.6, 9.8, 14.5]], warranty(12, 24)],
        leaves: [
          { header: 'Стабилизаторы релейные', noun: 'Стабилизатор напряжения релейный', price: [2500, 30000] },
          { header: 'Стабилизаторы электронные', noun: 'Стабилизатор напряжения электронный', price: [4000, 45000] },
        ],
      },
      {
        header: 'Генераторы',
        brands: ['Huter', 'Champion', 'Patriot', 'Fubag'],
        params: [['power', [1000, 2200, 3000, 5500, 6500, 8000]], ['weight', [23, 38, 52, 78, 96]], ['volume', [4, 12, 15, 25]], warranty(12, 24)],
        leaves: [
          { header: 'Бензиновые генераторы', noun: 'Генератор бензиновый', price: [12000, 95000] },
          { header: 'Инверторные генераторы', noun: 'Генератор инверторный', price: [20000, 120000] },
          { header: 'Дизельные генераторы', noun: 'Генератор дизельный', price: [45000, 250000] },
        ],
      },
      {
        header: 'Сварочное оборудование',
        brands: ['Ресанта', 'Сварог', 'Fubag', 'Patriot'],
        params: [['current', [160, 180, 200, 250]], ['weight', [3.5, 4.8, 7.2, 12.5]], warranty(12, 24, 36)],
        leaves: [
          { header: 'Сварочные инверторы', noun: 'Инвертор сварочный', price: [5000, 35000] },
          { header: 'Сварочные полуавтоматы', noun: 'Полуавтомат сварочный', price: [12000, 70000] },
        ],
      },
      {
        header: 'Компрессоры',
        brands: ['Fubag', 'Patriot', 'Huter'],
        params: [['volume', [24, 50, 100]], ['power', [1500, 1800, 2200]], warranty(12, 24)],
        leaves: [
          { header: 'Компрессоры поршневые', noun: 'Компрессор поршневой', price: [9000, 60000] },
          { header: 'Компрессоры безмасляные', noun: 'Компрессор безмасляный', price: [8000, 40000] },
        ],
      },
    ],
  },
]

export const DESCRIPTION_ENDINGS: readonly string[] = [
  'Поставляется в заводской упаковке с паспортом изделия.',
  'Гарантийное обслуживание в авторизованных сервисных центрах.',
  'Товар сертифицирован, документы предоставляются по запросу.',
  'Отгрузка со склада в день заказа при оформлении до 14:00.',
]
