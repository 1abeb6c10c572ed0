import type { OutgoingMail } from './mailer'

const SIGNATURE = '\n\n—\nКабинет дилера'

export const registrationReceivedMail = (to: string, name: string): OutgoingMail => ({
  to,
  subject: 'Заявка на регистрацию получена',
  text:
    `Здравствуйте, ${name}!\n\nМы получили вашу заявку на регистрацию в кабинете дилера. ` +
    `Доступ откроется после проверки администратором; мы сообщим об этом письмом.${SIGNATURE}`,
})

export const accessOpenedMail = (to: string, name: string): OutgoingMail => ({
  to,
  subject: 'Доступ в кабинет дилера открыт',
  text:
    `Здравствуйте, ${name}!\n\nВаша заявка одобрена. ` + `Войдите в кабинет дилера с вашим e-mail (${to}) и паролем, указанным при регистрации.${SIGNATURE}`,
})

export const registrationRejectedMail = (to: string, name: string): OutgoingMail => ({
  to,
  subject: 'Заявка на регистрацию отклонена',
  text: `Здравствуйте, ${name}!\n\nК сожалению, ваша заявка на регистрацию в кабинете дилера отклонена администратором.${SIGNATURE}`,
})

export const passwordReminderMail = (to: string, temporaryPassword: string): OutgoingMail => ({
  to,
  subject: 'Данные для входа в кабинет дилера',
  text:
    `Логин: ${to}\nВременный пароль: ${temporaryPassword}\n\n` +
    `Временный пароль действует сутки; после входа с ним он становится вашим паролем. ` +
    `Прежний пароль тоже продолжает действовать до этого входа.${SIGNATURE}`,
})

export const managerInvitationMail = (to: string, company: string, link: string, days: number): OutgoingMail => ({
  to,
  subject: 'Приглашение в кабинет дилера',
  text:
    `Здравствуйте!\n\n${company} открыла вам доступ в кабинет дилера как менеджеру. ` +
    `Чтобы задать пароль, перейдите по ссылке:\n${link}\n\n` +
    `Ссылка действует ${days} дней и только один раз. После этого входите с e-mail ${to} и вашим паролем.${SIGNATURE}`,
})
