import { Alert, Button, Group, Portal, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useClient, useQuery } from 'urql';
import { fieldErrors, hasErrorCode } from '../../../lib/graphql-errors';
import { paths } from '../../../lib/paths';
import { CheckInSettingsQuery } from '../api/check-in-settings';
import { FamilyByPinAndPhoneQuery, FamilyByPinQuery, type CheckInFamilyData } from '../api/kiosk.query';
import { VerifyStaffPinQuery } from '../api/verify-pin.query';
import classes from '../components/attendance.module.css';
import { ChildTile, actionFor } from '../components/child-tile';
import { HealthQuestions, allAnswered, toHealthInput, type HealthAnswers } from '../components/health-questions';
import { LocationNeeded } from '../components/location-needed';
import { PinPad } from '../components/pin-pad';
import { SignaturePad } from '../../../components/signature-pad';
import { useCheckIn } from '../hooks/use-check-in';
import { useCurrentLocation } from '../hooks/use-current-location';

type Step = 'pin' | 'phone' | 'family' | 'done' | 'exit';

const DONE_RESET_MS = 4000;
const IDLE_RESET_MS = 60_000;

/**
 * /attendance/kiosk: a locked full-screen page for a tablet at the door (a staff session of the
 * location). PIN (and phone when the location asks) → the family's children, all picked → health
 * questions when on → signature → done, back to the PIN pad by itself. One page, no page loads:
 * a returning parent types 4 digits, signs and taps once. Leaving needs a staff PIN.
 */
export function KioskPage() {
  const { t } = useTranslation(['attendance', 'common']);
  const client = useClient();
  const navigate = useNavigate();
  const location = useCurrentLocation();
  const [settings] = useQuery({ query: CheckInSettingsQuery, variables: { location_id: location.id ?? '' }, pause: !location.id });
  const needsPhone = settings.data?.getCheckInSettings.require_phone_with_pin ?? false;
  const [step, setStep] = useState<Step>('pin');
  const [pin, setPin] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [family, setFamily] = useState<CheckInFamilyData | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [answers, setAnswers] = useState<HealthAnswers>({});
  const [signature, setSignature] = useState<string | null>(null);
  const [doneText, setDoneText] = useState('');
  const [staffPin, setStaffPin] = useState('');
  const checkIn = useCheckIn();
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  function reset() {
    setStep('pin');
    setPin('');
    setPhone('');
    setError(null);
    setFamily(null);
    setPicked(new Set());
    setAnswers({});
    setSignature(null);
    setStaffPin('');
  }

  // A family that walks away is cleared after a minute; the done screen clears after a few seconds.
  useEffect(() => {
    if (idle.current) clearTimeout(idle.current);
    if (step === 'pin' && !pin) return;
    idle.current = setTimeout(reset, step === 'done' ? DONE_RESET_MS : IDLE_RESET_MS);
    return () => {
      if (idle.current) clearTimeout(idle.current);
    };
  }, [step, pin, phone, picked, answers, signature]);

  function goFullScreen() {
    if (typeof document !== 'undefined' && !document.fullscreenElement && document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(() => undefined);
    }
  }

  async function findFamily(withPhone: boolean) {
    if (!location.id) return;
    setBusy(true);
    setError(null);
    const result = withPhone
      ? await client
          .query(FamilyByPinAndPhoneQuery, { location_id: location.id, pin, phone }, { requestPolicy: 'network-only' })
          .toPromise()
      : await client.query(FamilyByPinQuery, { location_id: location.id, pin }, { requestPolicy: 'network-only' }).toPromise();
    setBusy(false);
    if (result.error) {
      if (hasErrorCode(result.error, 'ATTENDANCE_PHONE_REQUIRED')) {
        setStep('phone');
        return;
      }
      const byField = fieldErrors(result.error);
      setError(byField.pin ?? byField.phone ?? result.error.graphQLErrors[0]?.message ?? t('common:errors.network'));
      setPin('');
      setPhone('');
      setStep('pin');
      return;
    }
    const found = result.data && ('getCheckInByPin' in result.data ? result.data.getCheckInByPin : result.data.getCheckInByPinAndPhone);
    if (!found) return;
    setFamily(found);
    // Every child is picked: most mornings the whole family comes in together.
    setPicked(new Set(found.children.filter((c) => c.checked_in_out !== 'absent').map((c) => c.id)));
    setStep('family');
  }

  const chosen = family?.children.filter((c) => picked.has(c.id)) ?? [];
  const action = actionFor(chosen);
  const screened = family?.health_screen ? chosen.filter((c) => c.checked_in_out !== 'checked_in') : [];
  const healthReady =
    !family?.health_screen ||
    allAnswered(
      family.questions,
      screened.map((c) => c.id),
      answers,
    );
  const signReady = !family?.signature_required || Boolean(signature);

  async function submit() {
    if (!family || chosen.length === 0) return;
    const result = await checkIn.run(
      {
        students: chosen.map((c) => c.id),
        action,
        pin,
        phone: needsPhone ? phone : null,
        signature,
        health_screen:
          screened.length && family.health_screen
            ? toHealthInput(
                family.questions,
                screened.map((c) => c.id),
                answers,
              )
            : null,
      },
      { quiet: true },
    );
    if (!result) return;
    if (!result.status) {
      setError(
        result.results
          .filter((r) => !r.status)
          .map((r) => `${r.student.full_name}: ${r.message}`)
          .join(' ') || result.message,
      );
      return;
    }
    setDoneText(
      t(result.type === 'check_out' ? 'attendance:kiosk.doneOut' : 'attendance:kiosk.doneIn', {
        names: result.results.map((r) => r.student.full_name).join(', '),
        name: family.contact.fname,
      }),
    );
    setStep('done');
  }

  async function exitKiosk() {
    if (!location.id) return;
    setBusy(true);
    const result = await client
      .query(VerifyStaffPinQuery, { location_id: location.id, pin: staffPin }, { requestPolicy: 'network-only' })
      .toPromise();
    setBusy(false);
    if (result.data?.verifyCheckInPin.kind === 'staff') {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      navigate(paths.attendance.to());
      return;
    }
    setStaffPin('');
    setError(t('attendance:kiosk.exitRefused'));
  }

  if (!location.id) return <LocationNeeded />;
  // A portal: the page transition transforms the layout, which would hold a fixed element inside it.
  return (
    <Portal>
      <div
        className={classes.kiosk}
        data-testid="kiosk"
        role="region"
        aria-label={t('attendance:kiosk.title')}
        onPointerDown={goFullScreen}
      >
        <div className={classes.kioskInner}>
          <Group justify="space-between" mb="lg" wrap="nowrap">
            <div>
              <Title order={1} size="h2">
                {location.name}
              </Title>
              <Text c="dimmed">{t('attendance:kiosk.title')}</Text>
            </div>
            {step !== 'exit' ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={() => {
                  reset();
                  setStep('exit');
                }}
                data-testid="kiosk-exit"
              >
                {t('attendance:kiosk.exit')}
              </Button>
            ) : null}
          </Group>
          {error ? (
            <Alert color="danger" variant="light" role="alert" mb="md" data-testid="kiosk-error">
              {error}
            </Alert>
          ) : null}

          {step === 'pin' ? (
            <Stack>
              <Title order={2} size="h3" ta="center">
                {t('attendance:kiosk.enterPin')}
              </Title>
              <PinPad
                value={pin}
                onChange={(v) => {
                  setError(null);
                  setPin(v);
                }}
                onSubmit={() => (needsPhone ? setStep('phone') : void findFamily(false))}
                busy={busy}
                label={t('attendance:kiosk.pinLabel')}
                testId="kiosk-pin"
              />
            </Stack>
          ) : null}

          {step === 'phone' ? (
            <Stack>
              <Title order={2} size="h3" ta="center">
                {t('attendance:kiosk.enterPhone')}
              </Title>
              <PinPad
                value={phone}
                onChange={setPhone}
                onSubmit={() => void findFamily(true)}
                busy={busy}
                maxLength={10}
                masked={false}
                label={t('attendance:kiosk.phoneLabel')}
                testId="kiosk-phone"
              />
              <Button variant="subtle" onClick={reset}>
                {t('attendance:common.cancel')}
              </Button>
            </Stack>
          ) : null}

          {step === 'family' && family ? (
            <Stack gap="lg">
              <Title order={2} size="h3">
                {t('attendance:kiosk.hello', { name: family.contact.fname })}
              </Title>
              <Stack gap="sm" role="group" aria-label={t('attendance:kiosk.pickChildren')}>
                {family.children.map((c) => (
                  <ChildTile
                    key={c.id}
                    child={c}
                    selected={picked.has(c.id)}
                    onToggle={() => {
                      const next = new Set(picked);
                      if (next.has(c.id)) next.delete(c.id);
                      else next.add(c.id);
                      setPicked(next);
                    }}
                  />
                ))}
              </Stack>
              {family.health_screen && screened.length > 0 ? (
                <div>
                  <Title order={3} size="h4" mb="sm">
                    {t('attendance:health.title')}
                  </Title>
                  <HealthQuestions questions={family.questions} childrenToScreen={screened} answers={answers} onChange={setAnswers} />
                </div>
              ) : null}
              <div>
                <Title order={3} size="h4" mb="sm">
                  {family.signature_required ? t('attendance:signature.required') : t('attendance:signature.optional')}
                </Title>
                <SignaturePad onChange={setSignature} />
              </div>
              <Group grow>
                <Button variant="default" className={classes.bigButton} onClick={reset} data-testid="kiosk-cancel">
                  {t('attendance:common.cancel')}
                </Button>
                <Button
                  className={classes.bigButton}
                  onClick={() => void submit()}
                  disabled={chosen.length === 0 || !healthReady || !signReady}
                  loading={checkIn.busy}
                  data-testid="kiosk-submit"
                >
                  {t(
                    action === 'check_out'
                      ? 'attendance:actions.checkOut'
                      : action === 'check_in'
                        ? 'attendance:actions.checkIn'
                        : 'attendance:actions.confirm',
                  )}
                </Button>
              </Group>
            </Stack>
          ) : null}

          {step === 'done' ? (
            <Stack align="center" gap="lg" py="xl" data-testid="kiosk-done">
              <Title order={2} ta="center">
                {doneText}
              </Title>
              <Button className={classes.bigButton} onClick={reset} data-testid="kiosk-next">
                {t('attendance:kiosk.next')}
              </Button>
            </Stack>
          ) : null}

          {step === 'exit' ? (
            <Stack>
              <Title order={2} size="h3" ta="center">
                {t('attendance:kiosk.staffPin')}
              </Title>
              <PinPad
                value={staffPin}
                onChange={setStaffPin}
                onSubmit={() => void exitKiosk()}
                busy={busy}
                label={t('attendance:kiosk.staffPinLabel')}
                testId="kiosk-staff-pin"
              />
              <Button variant="subtle" onClick={reset}>
                {t('attendance:common.cancel')}
              </Button>
            </Stack>
          ) : null}
        </div>
      </div>
    </Portal>
  );
}
