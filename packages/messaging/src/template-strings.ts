/**
 * Wording of every message, per locale. `{name}` is replaced by the value of `data.name`
 * (escaped in HTML). A string missing from `es` falls back to `en`.
 */
export type Strings = Record<string, string>;

export const TEMPLATE_STRINGS: Record<string, { en: Strings; es: Partial<Strings> }> = {
  'verify-email': {
    en: {
      subject: 'Verify your email address',
      greeting: 'Hi {fname},',
      intro: 'Use this code to verify your email address:',
      linkIntro: 'Or open this link:',
      action: 'Verify email',
      expiry: 'The code and the link expire in {minutes} minutes.',
      ignore: 'If you did not ask for this, you can ignore this email.',
    },
    es: {
      subject: 'Verifica tu dirección de correo electrónico',
      greeting: 'Hola, {fname}:',
      intro: 'Usa este código para verificar tu dirección de correo electrónico:',
      linkIntro: 'O abre este enlace:',
      action: 'Verificar correo',
      expiry: 'El código y el enlace caducan en {minutes} minutos.',
      ignore: 'Si no lo solicitaste, puedes ignorar este correo.',
    },
  },
  'password-reset': {
    en: {
      subject: 'Reset your password',
      greeting: 'Hi {fname},',
      intro: 'We received a request to reset the password of your account.',
      action: 'Reset password',
      expiry: 'This link expires in {minutes} minutes.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    },
    es: {
      subject: 'Restablece tu contraseña',
      greeting: 'Hola, {fname}:',
      intro: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
      action: 'Restablecer contraseña',
      expiry: 'Este enlace caduca en {minutes} minutos.',
      ignore: 'Si no lo solicitaste, puedes ignorar este correo; tu contraseña no cambia.',
    },
  },
  invite: {
    en: {
      subject: '{inviter} invited you to {centre}',
      greeting: 'Hi {fname},',
      intro: '{inviter} invited you to join {centre}.',
      action: 'Accept the invitation',
      codeIntro: 'When asked, enter this code:',
      ignore: 'If you were not expecting this invitation, you can ignore this email.',
    },
    es: {
      subject: '{inviter} te invitó a {centre}',
      greeting: 'Hola, {fname}:',
      intro: '{inviter} te invitó a unirte a {centre}.',
      action: 'Aceptar la invitación',
      codeIntro: 'Cuando se te pida, escribe este código:',
      ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    },
  },
  'approve-user': {
    en: {
      subject: '{applicant} is waiting for approval',
      greeting: 'Hi {fname},',
      intro: '{applicant} signed up and is waiting for a manager to approve the account.',
      action: 'Review the request',
    },
    es: {
      subject: '{applicant} espera tu aprobación',
      greeting: 'Hola, {fname}:',
      intro: '{applicant} se registró y espera que un responsable apruebe la cuenta.',
      action: 'Revisar la solicitud',
    },
  },
  'email-change': {
    en: {
      subject: 'Confirm your new email address',
      greeting: 'Hi {fname},',
      intro: 'Open the link below to use this address for your account.',
      action: 'Confirm email address',
      ignore: 'If you did not ask for this change, ignore this email; your address stays the same.',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo electrónico',
      greeting: 'Hola, {fname}:',
      intro: 'Abre el enlace para usar esta dirección en tu cuenta.',
      action: 'Confirmar dirección',
      ignore: 'Si no solicitaste este cambio, ignora este correo; tu dirección no cambia.',
    },
  },
  'login-support-notice': {
    en: {
      subject: 'Support signed in to your account',
      greeting: 'Hi {fname},',
      intro: '{operator}, from our support team, signed in to your account to help with a request.',
      expiry: 'This access ends at {expires}.',
      contact: 'If you did not expect this, contact your centre.',
    },
    es: {
      subject: 'El equipo de soporte entró en tu cuenta',
      greeting: 'Hola, {fname}:',
      intro: '{operator}, de nuestro equipo de soporte, entró en tu cuenta para ayudar con una solicitud.',
      expiry: 'Este acceso termina el {expires}.',
      contact: 'Si no lo esperabas, ponte en contacto con tu centro.',
    },
  },
  // ── attendance (check-in/out notices, reminders, health screen and ratio alerts) ──
  'attendance-check-in': {
    en: {
      subject: 'Checked in: {children}',
      greeting: 'Hi {fname},',
      intro: '{children} checked in at {location} at {time}.',
      by: 'Checked in by {by}.',
    },
    es: {
      subject: 'Entrada registrada: {children}',
      greeting: 'Hola, {fname}:',
      intro: 'Se registró la entrada de {children} en {location} a las {time}.',
      by: 'Registrado por {by}.',
    },
  },
  'attendance-check-out': {
    en: {
      subject: 'Checked out: {children}',
      greeting: 'Hi {fname},',
      intro: '{children} checked out of {location} at {time}.',
      by: 'Checked out by {by}.',
    },
    es: {
      subject: 'Salida registrada: {children}',
      greeting: 'Hola, {fname}:',
      intro: 'Se registró la salida de {children} de {location} a las {time}.',
      by: 'Registrado por {by}.',
    },
  },
  'attendance-reminder': {
    en: {
      subject: 'Not checked in yet: {children}',
      greeting: 'Hi {fname},',
      intro: 'We expected {children} at {location} by {time}, and they are not checked in yet.',
      absent: 'If they are absent today, please let the centre know.',
    },
    es: {
      subject: 'Aún sin entrada: {children}',
      greeting: 'Hola, {fname}:',
      intro: 'Esperábamos a {children} en {location} antes de las {time} y aún no se ha registrado su entrada.',
      absent: 'Si hoy no asiste, avisa al centro, por favor.',
    },
  },
  'activity-report': {
    en: {
      subject: 'The day at {location}: {children}, {date}',
      greeting: 'Hi {fname},',
      intro: 'Here is the day of {children} at {location} on {date}.',
      summary: 'The day: {summary}',
      footer: 'Questions about the day? Talk to the team at pick-up or send them a message.',
    },
    es: {
      subject: 'El día en {location}: {children}, {date}',
      greeting: 'Hola, {fname}:',
      intro: 'Así fue el día de {children} en {location} el {date}.',
      summary: 'El día: {summary}',
      footer: '¿Preguntas sobre el día? Habla con el equipo a la salida o envíales un mensaje.',
    },
  },
  'activity-report-note': {
    en: {
      subject: 'The day at {location}: {children}, {date}',
      greeting: 'Hi {fname},',
      intro: 'Here is the day of {children} at {location} on {date}.',
      summary: 'The day: {summary}',
      message: 'A note from the team: {message}',
      footer: 'Questions about the day? Talk to the team at pick-up or send them a message.',
    },
    es: {
      subject: 'El día en {location}: {children}, {date}',
      greeting: 'Hola, {fname}:',
      intro: 'Así fue el día de {children} en {location} el {date}.',
      summary: 'El día: {summary}',
      message: 'Una nota del equipo: {message}',
      footer: '¿Preguntas sobre el día? Habla con el equipo a la salida o envíales un mensaje.',
    },
  },
  'health-screen-failed': {
    en: {
      subject: '{child} did not pass the health screen',
      greeting: 'Hi {fname},',
      intro: '{child} did not pass the health screen at {location} at {time} and was not checked in.',
      answers: 'Answers that failed: {answers}',
    },
    es: {
      subject: '{child} no superó el control de salud',
      greeting: 'Hola, {fname}:',
      intro: '{child} no superó el control de salud en {location} a las {time} y no se registró su entrada.',
      answers: 'Respuestas no superadas: {answers}',
    },
  },
  'ratio-alert': {
    en: {
      subject: '{room} is out of ratio',
      greeting: 'Hi {fname},',
      intro: '{room} at {location} has {children} children and {staff} staff present; its ratio of {ratio} needs {required} staff.',
      action: 'Move staff into the room or check children out now.',
    },
    es: {
      subject: '{room} no cumple la proporción',
      greeting: 'Hola, {fname}:',
      intro: '{room} en {location} tiene {children} niños y {staff} miembros del personal; su proporción de {ratio} requiere {required}.',
      action: 'Asigna personal a la sala o registra salidas ahora.',
    },
  },
  'ratio-warning': {
    en: {
      subject: '{room} will soon be out of ratio',
      greeting: 'Hi {fname},',
      intro:
        '{room} at {location} has {children} children and {staff} staff present. With {expected} more children expected in the next 30 minutes, its ratio of {ratio} will need {required} staff.',
      action: 'Plan who joins the room before they arrive.',
    },
    es: {
      subject: '{room} pronto no cumplirá la proporción',
      greeting: 'Hola, {fname}:',
      intro:
        '{room} en {location} tiene {children} niños y {staff} miembros del personal. Con {expected} niños más previstos en los próximos 30 minutos, su proporción de {ratio} requerirá {required}.',
      action: 'Decide quién se une a la sala antes de que lleguen.',
    },
  },
  'billing-unpaid-reminder': {
    en: {
      subject: 'Unpaid balance for {child} at {centre}',
      greeting: 'Hi {fname},',
      intro: '{child} has {total} unpaid at {centre} on {invoices} open invoice(s); the oldest was due on {due}.',
      share: 'Your part is {amount}.',
      footer: 'If you have already paid, thank you, and please ignore this email.',
    },
    es: {
      subject: 'Saldo pendiente de {child} en {centre}',
      greeting: 'Hola, {fname}:',
      intro: '{child} tiene {total} sin pagar en {centre}, en {invoices} factura(s) abierta(s); la más antigua venció el {due}.',
      share: 'Tu parte es {amount}.',
      footer: 'Si ya pagaste, gracias; puedes ignorar este correo.',
    },
  },
  notification: {
    en: { subject: 'Update: {title}', greeting: 'Hi {fname},', body: '{title}. {body} Open the app for more.' },
    es: { subject: 'Novedad: {title}', greeting: 'Hola, {fname}:', body: '{title}. {body} Abre la app para ver más.' },
  },
  'notification-digest': {
    en: { subject: 'Your day in one note: {count} updates', greeting: 'Hi {fname},', intro: 'Today, {count} updates: {summary}.' },
    es: { subject: 'Tu día en una nota: {count} novedades', greeting: 'Hola, {fname}:', intro: 'Hoy, {count} novedades: {summary}.' },
  },
  alert: {
    en: {
      subject: 'Alert from {centre}',
      greeting: 'Hi {fname},',
      intro: 'Alert from {sender} at {centre}:',
      message: 'Message: {message}',
    },
    es: {
      subject: 'Alerta de {centre}',
      greeting: 'Hola, {fname}:',
      intro: 'Alerta de {sender} en {centre}:',
      message: 'Mensaje: {message}',
    },
  },
  'instant-sms': {
    en: { subject: 'Message from {centre}', message: '{centre}: {message} (Reply STOP to opt out.)' },
    es: { subject: 'Mensaje de {centre}', message: '{centre}: {message} (Responde STOP para no recibir más.)' },
  },
  // The operator's own words go in `greeting` (the one key that may read the same in both languages).
  'custom-email': {
    en: {
      subject: 'KidsVision: {subject}',
      intro: 'A message from the KidsVision team: {subject}',
      greeting: '{body}',
      footer: 'You receive this because you use KidsVision at your centre.',
    },
    es: {
      subject: 'KidsVision informa: {subject}',
      intro: 'Un mensaje del equipo de KidsVision: {subject}',
      greeting: '{body}',
      footer: 'Recibes este correo porque usas KidsVision en tu centro.',
    },
  },
  'form-entry-notice': {
    en: {
      subject: '{form}: an entry for {child} ({status})',
      intro: 'The web form {form} has an entry for {child}: {status}. Open it in the app to review it.',
      footer: 'You receive this because you are on this form’s notification list.',
    },
    es: {
      subject: '{form}: una respuesta para {child} ({status})',
      intro: 'El formulario {form} tiene una respuesta para {child}: {status}. Ábrela en la app para revisarla.',
      footer: 'Recibes este correo porque estás en la lista de avisos de este formulario.',
    },
  },
  'form-automation': {
    // The manager's own words go in `greeting` (the one key that may read the same in both languages).
    en: { subject: '{subject} ({form})', intro: 'Hi {fname}, {subject}: about your entry on {form}', greeting: '{message}', footer: 'Sent after your entry on {form}.' },
    es: { subject: '{subject} (formulario {form})', intro: 'Hola, {fname}: {subject}, sobre tu respuesta al formulario {form}', greeting: '{message}', footer: 'Enviado tras tu respuesta al formulario {form}.' },
  },
  'demo-signup-link': {
    en: {
      subject: 'Your KidsVision sign-up link',
      greeting: 'Hello {name},',
      intro: 'Thank you for your interest in KidsVision for {centre}. Create your centre whenever you are ready:',
      action: 'Create my centre',
      footer: 'You receive this because you asked us for a demo.',
    },
    es: {
      subject: 'Tu enlace de registro en KidsVision',
      greeting: 'Hola {name}:',
      intro: 'Gracias por tu interés en KidsVision para {centre}. Crea tu centro cuando quieras:',
      action: 'Crear mi centro',
      footer: 'Recibes este correo porque nos pediste una demostración.',
    },
  },
};
