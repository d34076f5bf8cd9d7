import { Alert, Button, Card, Checkbox, Group, MultiSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconMail, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { fieldErrors, type GraphqlFailure } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { CustomEmailCentresQuery, CustomEmailSendMutation, CustomEmailUsersQuery, type CustomEmailUserData } from '../api/custom-email';

const ROLES = ['center', 'manager', 'teacher', 'user', 'blog'] as const;
const key = (u: CustomEmailUserData) => `${u.center_id}:${u.user_id}`;

/** /send-custom-email (kvsupport): find the people of chosen centres and roles, then mail the chosen ones. */
export function SendCustomEmailPage() {
  const { t } = useTranslation(['operator', 'common']);
  const client = useClient();
  const [{ data: centreData }] = useQuery({ query: CustomEmailCentresQuery });
  const [centres, setCentres] = useState<string[]>([]);
  const [roles, setRoles] = useState<string[]>(['center', 'manager']);
  const [found, setFound] = useState<CustomEmailUserData[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [finding, setFinding] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<string | null>(null);
  const [sendState, send] = useMutation(CustomEmailSendMutation);

  const failed = (error: GraphqlFailure) => {
    const byField = fieldErrors(error);
    const mapped = Object.fromEntries(Object.entries(byField).map(([k, v]) => [k.split('.')[0]!, v]));
    if (Object.keys(mapped).length) setErrors(mapped);
    else reportMutationError(error, t);
  };

  const find = async () => {
    setErrors({});
    setResult(null);
    setFinding(true);
    const r = await client.query(CustomEmailUsersQuery, { center_ids: centres, roles }, { requestPolicy: 'network-only' }).toPromise();
    setFinding(false);
    if (r.error) return failed(r.error as GraphqlFailure);
    const people = r.data?.getUserForCustomEmail ?? [];
    setFound(people);
    setChosen(new Set(people.map(key)));
  };

  const submit = async () => {
    setErrors({});
    const recipients = [...new Set((found ?? []).filter((u) => chosen.has(key(u))).map((u) => u.email))];
    const r = await send({ subject, body, recipients });
    if (r.error) return failed(r.error as GraphqlFailure);
    const done = r.data?.sendCustomEmailUtility;
    if (done) {
      showNotice(done);
      setResult(done.message);
      setSubject('');
      setBody('');
    }
  };

  const columns: DataTableColumn<CustomEmailUserData>[] = [
    {
      key: 'user_id',
      header: t('operator:customEmail.send'),
      sortable: false,
      render: (u) => (
        <Checkbox
          aria-label={t('operator:customEmail.include', { name: u.name })}
          checked={chosen.has(key(u))}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setChosen((s) => {
              const n = new Set(s);
              if (on) n.add(key(u));
              else n.delete(key(u));
              return n;
            });
          }}
        />
      ),
    },
    { key: 'name', header: t('operator:customEmail.name') },
    { key: 'email', header: t('operator:customEmail.email') },
    { key: 'role', header: t('operator:customEmail.role'), render: (u) => t(`operator:customEmail.roles.${u.role}`) },
    { key: 'center_name', header: t('operator:customEmail.centre') },
  ];

  return (
    <Stack gap="md" data-testid="send-custom-email-page">
      <Stack gap={0}>
        <Title order={1} size="h2">
          {t('operator:customEmail.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('operator:customEmail.lead')}
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <MultiSelect
            label={t('operator:customEmail.centres')}
            data={(centreData?.getCenters.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={centres}
            onChange={setCentres}
            searchable
            clearable
            error={errors.center_ids}
            data-testid="custom-email-centres"
          />
          <MultiSelect
            label={t('operator:customEmail.rolesLabel')}
            data={ROLES.map((r) => ({ value: r, label: t(`operator:customEmail.roles.${r}`) }))}
            value={roles}
            onChange={setRoles}
            error={errors.roles}
          />
          <Group justify="flex-end">
            <Button leftSection={<IconSearch size={16} />} onClick={() => void find()} loading={finding} data-testid="custom-email-find">
              {t('operator:customEmail.find')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {found ? (
        <>
          <Text size="sm" data-testid="custom-email-count">
            {t('operator:customEmail.chosen', { chosen: chosen.size, total: found.length })}
          </Text>
          <DataTable label={t('operator:customEmail.recipients')} rows={found} columns={columns} rowKey={key} />
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <TextInput label={t('operator:customEmail.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} required error={errors.subject} />
              <Textarea
                label={t('operator:customEmail.body')}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                autosize
                minRows={5}
                maxLength={20000}
                required
                error={errors.body ?? errors.recipients}
              />
              <Group justify="flex-end">
                <Button leftSection={<IconMail size={16} />} onClick={() => void submit()} loading={sendState.fetching} disabled={!chosen.size} data-testid="custom-email-send">
                  {t('operator:customEmail.sendButton', { count: chosen.size })}
                </Button>
              </Group>
              {result ? (
                <Alert color="success" variant="light" data-testid="custom-email-result">
                  {result}
                </Alert>
              ) : null}
            </Stack>
          </Card>
        </>
      ) : null}
    </Stack>
  );
}
