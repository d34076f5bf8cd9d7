import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../lib/format';

/** A `YYYY-MM-DD` date as the spec writes dates (`MM/DD/YYYY`); a dash when empty. */
export const billingDay = (date: string | null | undefined) => formatDay(date) || '—';

const INVOICE_COLOURS: Record<string, string> = { open: 'warning', paid: 'success', void: 'gray' };
const PAYMENT_COLOURS: Record<string, string> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

/** An invoice's status (open, paid, void), with an "overdue" reading for an open one past its due date. */
export function InvoiceStatusBadge({ status, dueDate }: { status: string; dueDate?: string | null }) {
  const { t } = useTranslation('platformBilling');
  const overdue = status === 'open' && dueDate ? dayjs(dueDate).isBefore(dayjs(), 'day') : false;
  return (
    <Badge variant="light" color={overdue ? 'danger' : (INVOICE_COLOURS[status] ?? 'gray')} data-status={status}>
      {overdue ? t('invoiceStatus.overdue') : t(`invoiceStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** A payment's status (pending, succeeded, failed). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('platformBilling');
  return (
    <Badge variant="light" color={PAYMENT_COLOURS[status] ?? 'gray'} data-status={status}>
      {t(`paymentStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
