import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { fieldErrors } from '../../../lib/graphql-errors';
import type { LocationData } from '../api/fragments';
import { SendLocationEmailCodeMutation, VerifyLocationEmailCodeMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { SETTINGS_CONTEXT, SettingsSection } from './settings-section';

/** The email tab: verify the location's address with a code. */
export function EmailVerification({ location }: { location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, send] = useMutation(SendLocationEmailCodeMutation);
  const [, verify] = useMutation(VerifyLocationEmailCodeMutation);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <SettingsSection title={t('setup:settings.tabs.email')} lead={t('setup:settings.emailLead')}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">{location.email || t('setup:settings.noEmail')}</Text>
          {location.email ? (
            <Badge variant="light" color={location.email_verified ? 'success' : 'warning'} data-testid="email-verified">
              {location.email_verified ? t('setup:settings.verified') : t('setup:settings.notVerified')}
            </Badge>
          ) : null}
        </Group>
        <Group>
          <Button
            variant="light"
            disabled={!location.email}
            onClick={async () => {
              const r = await send({ location_id: location.id });
              if (finish(r.error, r.data?.sendLocationEmailVerificationCode)) setSent(true);
            }}
          >
            {sent ? t('setup:settings.resendCode') : t('setup:settings.sendCode')}
          </Button>
        </Group>
        <form
          noValidate
          aria-label={t('setup:settings.verifyTitle')}
          onSubmit={async (e) => {
            e.preventDefault();
            if (!/^\d{6}$/.test(code.trim())) {
              setError(t('setup:validation.code'));
              return;
            }
            const r = await verify({ location_id: location.id, code: code.trim() }, SETTINGS_CONTEXT);
            const serverError = fieldErrors(r.error).code;
            if (serverError) {
              setError(serverError);
              return;
            }
            if (finish(r.error, r.data?.verifyLocationEmailCode)) setCode('');
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('setup:settings.code')}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(null);
              }}
              inputMode="numeric"
              maxLength={6}
              withAsterisk
              error={error}
              w={180}
            />
            <Button type="submit" disabled={!location.email}>
              {t('setup:settings.verify')}
            </Button>
          </Group>
        </form>
      </Stack>
    </SettingsSection>
  );
}
