import { Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { BillingPayersQuery, SavePayerSharesMutation, UpdateIsPayerMutation } from '../api/billing.graphql';
import { centsToInputText, moneyField, writeOutcome } from '../lib/billing';

/**
 * The payer shares editor: each payer's percent (two decimals) or fixed amount, all of one kind,
 * summing to the whole (100 % or the plan total, which the server checks); other contacts can be
 * made payers first. A wrong share shows on its field, a wrong sum on the list.
 */
export function PayerSharesEditor({ studentId }: { studentId: string }) {
  const { t } = useTranslation('billing');
  const [{ data }, refetch] = useQuery({ query: BillingPayersQuery, variables: { id: studentId }, requestPolicy: 'cache-and-network' });
  const [, save] = useMutation(SavePayerSharesMutation);
  const [, setPayer] = useMutation(UpdateIsPayerMutation);
  const payers = data?.getStudentPayersAndNonPayers.payers ?? [];
  const others = data?.getStudentPayersAndNonPayers.non_payers ?? [];
  const [kind, setKind] = useState<string>('percent');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reload = () => refetch({ requestPolicy: 'network-only' });

  useEffect(() => {
    const first = payers.find((p) => p.share_type);
    if (first?.share_type) setKind(first.share_type);
    setValues(
      Object.fromEntries(
        payers.map((p) => [
          p.user_id,
          p.share === null || p.share === undefined ? '' : p.share_type === 'fixed' ? centsToInputText(p.share) : String(p.share),
        ]),
      ),
    );
  }, [data]);

  async function submit() {
    const local: Record<string, string> = {};
    const shares = payers.flatMap((p, i) => {
      const text = (values[p.user_id] ?? '').trim();
      if (!text) return [];
      if (kind === 'fixed') {
        const cents = moneyField(text);
        if (cents.error !== null) return ((local[`shares.${i}.value`] = cents.error), []);
        return [{ user_id: p.user_id, share_type: kind, value: cents.cents }];
      }
      const n = Number(text);
      if (!/^\d+(\.\d{1,2})?$/.test(text) || n > 100) return ((local[`shares.${i}.value`] = t('errors.percent')), []);
      return [{ user_id: p.user_id, share_type: kind, value: n }];
    });
    if (Object.keys(local).length) return setErrors(local);
    const fields = ['shares', ...payers.flatMap((_, i) => [`shares.${i}.value`, `shares.${i}.user_id`])];
    const outcome = writeOutcome(await save({ student_id: studentId, shares }), fields);
    setErrors(outcome.errors);
    if (outcome.ok) reload();
  }

  async function makePayer(userId: string, isPayer: boolean) {
    if (writeOutcome(await setPayer({ student_id: studentId, user_id: userId, is_payer: isPayer }), []).ok) reload();
  }

  return (
    <Stack gap="sm" data-testid="payer-shares">
      <SegmentedControl
        value={kind}
        onChange={setKind}
        data={[
          { value: 'percent', label: t('payers.percent') },
          { value: 'fixed', label: t('payers.fixed') },
        ]}
        w="fit-content"
        data-testid="payer-share-kind"
      />
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label={t('payers.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.relation')}</Table.Th>
              <Table.Th>{kind === 'percent' ? t('payers.percent') : t('payers.fixed')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payers.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4} ta="center" c="dimmed">
                  {t('shell:table.empty')}
                </Table.Td>
              </Table.Tr>
            ) : (
              payers.map((p, i) => (
                <Table.Tr key={p.user_id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.relation ?? ''}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('payers.shareOf', { name: p.name })}
                      value={values[p.user_id] ?? ''}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setValues((all) => ({ ...all, [p.user_id]: v }));
                      }}
                      rightSection={kind === 'percent' ? '%' : '$'}
                      error={errors[`shares.${i}.value`] ?? errors[`shares.${i}.user_id`]}
                      inputMode="decimal"
                      w={140}
                      data-testid={`payer-share-${p.user_id}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => makePayer(p.user_id, false)}>
                      {t('payers.notPayer')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.shares ? (
        <Text size="sm" c="danger" role="alert" data-testid="payer-shares-error">
          {errors.shares}
        </Text>
      ) : null}
      <Group>
        <Button onClick={submit} disabled={payers.length === 0} data-testid="payer-shares-save">
          {t('payers.save')}
        </Button>
      </Group>
      {others.length ? (
        <Stack gap={4}>
          <Text fw={600}>{t('payers.others')}</Text>
          {others.map((c) => (
            <Group key={c.user_id} gap="xs" wrap="wrap">
              <Text size="sm">
                {c.name}
                {c.relation ? ` (${c.relation})` : ''}
              </Text>
              <Button size="compact-xs" variant="light" onClick={() => makePayer(c.user_id, true)} data-testid={`make-payer-${c.user_id}`}>
                {t('payers.makePayer')}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
