import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useClient, useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { GuestPage } from '../../../components/guest/guest-page';
import { PasswordField } from '../../../components/form/password-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { guestPaths } from '../../../lib/guest-paths';
import { SignupCheckSlugDocument, SignupStartDocument, SignupVerifyDocument } from '../api/signup';
import { readFunnel, writeFunnel } from '../lib/funnel-store';

const SLUG = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;
const required = (max: number) => z.string().trim().min(1, 'common:validation.required').max(max, 'common:validation.tooLong');
const signupSchema = z.object({
  fname: required(100),
  lname: required(100),
  email: required(254).email('common:validation.email'),
  password: z.string().min(8, 'signup:validation.password'),
  center_name: required(150),
  subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => SLUG.test(v) && !v.includes('--'), 'signup:validation.subdomain'),
  kind: z.enum(['childcare', 'petcare']),
});
type SignupValues = z.infer<typeof signupSchema>;
const pinSchema = z.object({ pin: z.string().trim().regex(/^\d{6}$/, 'signup:validation.pin') });
type PinValues = z.infer<typeof pinSchema>;

const VERIFY = 'verify';

/** /customer-signup: the customer and their centre's address (checked while typing), then /customer-signup/verify: the emailed PIN. */
export function CustomerSignupPage() {
  const { action } = useParams();
  if (action === VERIFY) return <PinStep />;
  if (action) return <Navigate to={guestPaths.customerSignup.to({})} replace />;
  return <SignupStep />;
}

/** Whether the typed subdomain is free, asked 400 ms after the last key. */
function useSlugCheck(slug: string) {
  const client = useClient();
  const [answer, setAnswer] = useState<{ slug: string; available: boolean; message: string } | null>(null);
  useEffect(() => {
    const value = slug.trim().toLowerCase();
    if (!SLUG.test(value)) {
      setAnswer(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void client
        .query(SignupCheckSlugDocument, { slug: value }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((r) => {
          if (live && r.data) setAnswer(r.data.checkCenterSlug);
        });
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, slug]);
  return answer && answer.slug === slug.trim().toLowerCase() ? answer : null;
}

function SignupStep() {
  const { t } = useTranslation(['signup', 'operator', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('plan') ?? readFunnel().planId ?? null;
  const [, start] = useMutation(SignupStartDocument);
  const { control, handleSubmit, setError, formState } = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { fname: '', lname: '', email: '', password: '', center_name: '', subdomain: '', kind: 'childcare' },
  });
  const subdomain = useWatch({ control, name: 'subdomain' });
  const check = useSlugCheck(subdomain ?? '');
  const host = window.location.host;

  return (
    <GuestPage title={t('signup:signup.title')} lead={t('signup:signup.lead')}>
      {planId ? (
        <Text size="sm" data-testid="chosen-plan">
          {t('signup:signup.plan', { name: readFunnel().planName ?? '' })}{' '}
          <Anchor component={Link} to={guestPaths.packages.to()}>
            {t('signup:signup.changePlan')}
          </Anchor>
        </Text>
      ) : null}
      <form
        noValidate
        aria-label={t('signup:signup.title')}
        onSubmit={handleSubmit(async (v) => {
          const result = await start({ ...v, plan_id: planId });
          if (
            reportMutationError(result.error, t, {
              setError,
              fields: ['fname', 'lname', 'email', 'password', 'center_name', 'subdomain', 'kind'],
            })
          )
            return;
          const r = result.data?.startCustomerSignup;
          if (r?.status && r.pin_time) {
            writeFunnel({ pinTime: r.pin_time, email: v.email, planId: planId ?? undefined });
            navigate(`${guestPaths.customerSignup.to({ action: VERIFY })}?pin_time=${encodeURIComponent(r.pin_time)}`);
          } else if (r) showNotice(r);
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="fname" label={t('signup:signup.fname')} autoComplete="given-name" required />
            <TextField control={control} name="lname" label={t('signup:signup.lname')} autoComplete="family-name" required />
            <TextField control={control} name="email" label={t('signup:signup.email')} type="email" autoComplete="email" required />
            <PasswordField control={control} name="password" label={t('signup:signup.password')} autoComplete="new-password" required />
            <TextField control={control} name="center_name" label={t('signup:signup.centerName')} autoComplete="organization" required />
            <SelectField
              control={control}
              name="kind"
              label={t('signup:signup.kind')}
              data={[
                { value: 'childcare', label: t('operator:kinds.childcare') },
                { value: 'petcare', label: t('operator:kinds.petcare') },
              ]}
              required
            />
          </SimpleGrid>
          <TextField
            control={control}
            name="subdomain"
            label={t('signup:signup.subdomain')}
            description={t('signup:signup.subdomainHint', { host: `${(subdomain || 'your-centre').toLowerCase()}.${host}` })}
            autoComplete="off"
            required
          />
          {check ? (
            <Text size="sm" c={check.available ? 'teal.9' : 'red.9'} role="status" aria-live="polite" data-testid="slug-check" data-available={String(check.available)}>
              {check.available ? t('signup:signup.free', { host: `${check.slug}.${host}` }) : check.message}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            <Anchor component={Link} to={guestPaths.packages.to()} size="sm">
              {t('signup:signup.seePlans')}
            </Anchor>
            <Button type="submit" loading={formState.isSubmitting} data-testid="signup-submit">
              {t('signup:signup.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuestPage>
  );
}

function PinStep() {
  const { t } = useTranslation(['signup', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pinTime = params.get('pin_time') ?? readFunnel().pinTime ?? null;
  const [, verify] = useMutation(SignupVerifyDocument);
  const { control, handleSubmit, setError, formState } = useForm<PinValues>({ resolver: zodResolver(pinSchema), defaultValues: { pin: '' } });
  if (!pinTime) return <Navigate to={guestPaths.customerSignup.to({})} replace />;
  const email = readFunnel().email;

  return (
    <GuestPage title={t('signup:pin.title')} lead={email ? t('signup:pin.leadTo', { email }) : t('signup:pin.lead')}>
      <form
        noValidate
        aria-label={t('signup:pin.title')}
        onSubmit={handleSubmit(async (v) => {
          const result = await verify({ pin_time: pinTime, pin: v.pin });
          if (reportMutationError(result.error, t, { setError, fields: ['pin'] })) return;
          const r = result.data?.verifyCustomerSignup;
          if (r?.status && r.token) {
            writeFunnel({ token: r.token });
            navigate(guestPaths.customerPayment.to());
          } else if (r) showNotice(r);
        })}
      >
        <Stack gap="sm">
          <TextField control={control} name="pin" label={t('signup:pin.pin')} inputMode="numeric" autoComplete="one-time-code" required />
          <Group justify="space-between" wrap="wrap">
            <Anchor component={Link} to={guestPaths.customerSignup.to({})} size="sm">
              {t('signup:pin.startOver')}
            </Anchor>
            <Button type="submit" loading={formState.isSubmitting} data-testid="pin-submit">
              {t('signup:pin.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuestPage>
  );
}
