import { AppError } from '@kv/server';

export const CenterBillingError = {
  PlanNotFound: 'PLAN_NOT_FOUND',
  PlanNameTaken: 'PLAN_NAME_TAKEN',
  PlanInUse: 'PLAN_IN_USE',
  InvoiceNotFound: 'INVOICE_NOT_FOUND',
  PaymentNotFound: 'PAYMENT_NOT_FOUND',
  NothingToPay: 'NOTHING_TO_PAY',
  NoCard: 'NO_CARD',
  CardDeclined: 'CARD_DECLINED',
  InProgress: 'PAYMENT_IN_PROGRESS',
  NotPending: 'PAYMENT_NOT_PENDING',
  Unavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
} as const;

export const planNotFound = (field = 'plan_id') => new AppError(CenterBillingError.PlanNotFound, 'Plan not found.', { field });
export const planInUse = () =>
  new AppError(CenterBillingError.PlanInUse, 'Centres are billed on this plan: its period cannot change. Make a new plan instead.', { field: 'period' });
export const planNameTaken = () => new AppError(CenterBillingError.PlanNameTaken, 'A plan of this name exists.', { field: 'name' });
export const invoiceNotFound = () => new AppError(CenterBillingError.InvoiceNotFound, 'Invoice not found.', { field: 'invoice_id' });
export const paymentNotFound = () => new AppError(CenterBillingError.PaymentNotFound, 'Payment not found.', { field: 'id' });
export const nothingToPay = () => new AppError(CenterBillingError.NothingToPay, 'Nothing is owed on this invoice.', { field: 'invoice_id' });
export const noCard = () => new AppError(CenterBillingError.NoCard, 'The centre has no card on file.', { field: 'payment_method_id' });
export const cardDeclined = (message: string) =>
  new AppError(CenterBillingError.CardDeclined, message || 'The card was declined.', { field: 'payment_method_id' });
export const paymentInProgress = () =>
  new AppError(CenterBillingError.InProgress, 'A card payment of this invoice is already in progress.', { field: 'invoice_id' });
export const transferPending = () =>
  new AppError(CenterBillingError.InProgress, 'A transfer or cheque for this invoice already awaits approval.', { field: 'invoice_id' });
export const notPending = () => new AppError(CenterBillingError.NotPending, 'Only a pending transfer or cheque can be approved.', { field: 'id' });
export const providerUnavailable = () =>
  new AppError(CenterBillingError.Unavailable, 'The card payment provider cannot be reached. Try again in a minute.');
