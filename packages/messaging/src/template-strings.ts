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
};
