import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DANGER_ERRORS } from '../lib/format';
import { fieldErrors, type GraphqlFailure } from '../../../../lib/graphql-errors';

export interface AgencyValues {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  address: string;
  note: string;
}

export const emptyAgency: AgencyValues = { name: '', contact_name: '', email: '', phone: '', address: '', note: '' };

/** An agency's name and contact details; the server's field errors show under their fields. */
export function AgencyForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
}: {
  initial: AgencyValues;
  submitLabel: string;
  busy: boolean;
  error: GraphqlFailure | undefined;
  onSubmit(values: AgencyValues): void;
}) {
  const { t } = useTranslation('agencies');
  const [v, setV] = useState(initial);
  const errs = fieldErrors(error);
  const field = (k: keyof AgencyValues) => ({
    value: v[k],
    error: errs[k],
    onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value }),
  });
  return (
    <form
      style={DANGER_ERRORS}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(v);
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('fields.name')} required {...field('name')} />
        <TextInput label={t('fields.contact_name')} {...field('contact_name')} />
        <TextInput label={t('fields.email')} type="email" {...field('email')} />
        <TextInput label={t('fields.phone')} {...field('phone')} />
        <TextInput label={t('fields.address')} {...field('address')} />
        <Textarea label={t('fields.note')} autosize minRows={2} {...field('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
