import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the billing area's error codes (plus the common ones). */
export const BillingError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  NameTaken: 'NAME_TAKEN',
  InvoiceClosed: 'INVOICE_CLOSED',
  PaymentVoid: 'PAYMENT_VOID',
  PaidByCard: 'PAID_BY_CARD',
  ReminderSent: 'REMINDER_ALREADY_SENT',
  NothingOwed: 'NOTHING_OWED',
  NoPayer: 'NO_PAYER',
} as const;

export const billingProgramNotFound = () => notFound('Billing program not found.');
export const categoryNotFound = () => notFound('Charge category not found.');
export const presetNotFound = () => notFound('Preset not found.');
export const variableChargeNotFound = () => notFound('Variable charge not found.');
export const templateNotFound = () => notFound('Plan template not found.');
export const planNotFound = () => notFound('Billing plan not found.');
export const invoiceNotFound = () => notFound('Invoice not found.');
export const paymentNotFound = () => notFound('Payment not found.');
export const studentNotFound = () => notFound('Student not found.');

export const nameTaken = (what: string) =>
  new AppError(BillingError.NameTaken, `A ${what} with this name already exists at the location.`, { field: 'name' });
export const invoiceClosed = (status: string) =>
  new AppError(BillingError.InvoiceClosed, `This invoice is ${status}: it cannot change any more.`, { field: 'id' });
/** A card payment's money is at Stripe: voiding it in the ledger alone would owe the family a refund nobody sends. */
export const paidByCard = () =>
  new AppError(BillingError.PaidByCard, 'This payment was made by card: refund it, which gives the money back through Stripe.', { field: 'id' });
export const paymentVoid = () => new AppError(BillingError.PaymentVoid, 'This payment is void.', { field: 'id' });
export const wrongLocation = (field: string, what: string) => badInput(field, `The ${what} belongs to another location.`);
export const reminderSent = () =>
  new AppError(BillingError.ReminderSent, 'An unpaid reminder for this child was already sent today.', { field: 'student_id' });
export const nothingOwed = () => new AppError(BillingError.NothingOwed, 'This child has no unpaid invoice.', { field: 'student_id' });
export const noPayer = () =>
  new AppError(BillingError.NoPayer, 'No payer of this child has an email address to remind.', { field: 'student_id' });
