import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import type { ConsigneesApi } from './consignees-connect'
import styles from './consignees.module.css'

/** The consignees: a table, or a card per row on a phone. The row saved last is highlighted. */
export function ConsigneesTable({ api }: { api: ConsigneesApi }) {
  return (
    <table className={`${table.table} ${styles.table}`}>
      <caption className={styles.visuallyHidden}>Грузополучатели</caption>
      <thead>
        <tr>
          <th scope="col">Фамилия</th>
          <th scope="col">Имя</th>
          <th scope="col">Файл</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Действия</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {api.consignees.map((consignee) => {
          const image = api.imageOf(consignee)
          const selected = api.isSelected(consignee)
          return (
            <tr
              key={consignee.id}
              aria-label={`${consignee.surname} ${consignee.name}`}
              aria-current={selected || undefined}
              className={selected ? styles.selected : undefined}
            >
              <th scope="row" className={styles.name}>
                <button type="button" className={styles.select} {...api.getSelectProps(consignee)}>
                  {consignee.surname}
                </button>
              </th>
              <td data-label="Имя">{consignee.name}</td>
              <td data-label="Файл">
                {image ? (
                  <a href={image.href} target="_blank" rel="noreferrer" className={styles.fileLink}>
                    <img src={image.href} alt={image.alt} width={40} height={40} loading="lazy" className={styles.thumbnail} />
                    <span className={styles.fileName}>{image.name}</span>
                  </a>
                ) : (
                  <span className={styles.noFile}>нет файла</span>
                )}
              </td>
              <td className={styles.actionsCell}>
                <div className={styles.actions}>
                  <Button {...api.getEditButtonProps(consignee)}>Изменить</Button>
                  <Button {...api.getRemoveButtonProps(consignee)}>Удалить</Button>
                </div>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
