/** The contacts page's copy and its feedback form's, loaded with that page only. */
export const ruContacts = {
  email: 'Электронная почта',
  phone: 'Телефон',
  address: 'Адрес',
  hours: 'Часы работы',
  socials: 'Мы в соцсетях',
  formTitle: 'Напишите нам',
  formLead: 'Ответим по телефону или на почту, которые вы укажете.',
  name: 'Имя',
  phoneField: 'Телефон',
  emailField: 'E-mail',
  message: 'Сообщение',
  send: 'Отправить',
  sending: 'Отправляем…',
  sent: 'Спасибо! Сообщение отправлено, мы скоро ответим.',
  contactNeeded: 'Укажите телефон или e-mail, чтобы мы могли ответить',
  required: 'обязательное поле',
} as const;
