import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ValidateCheckInCodeQuery } from '../api/check-in-qr';
import type { ParentCheckInData } from '../api/my-check-in.query';
import { MyCheckInQuery } from '../api/my-check-in.query';
import classes from '../components/attendance.module.css';
import { ChildTile, actionFor } from '../components/child-tile';
import { HealthQuestions, allAnswered, toHealthInput, type HealthAnswers } from '../components/health-questions';
import { PageHead } from '../components/page-head';
import { SignaturePad } from '../../../components/signature-pad';
import { useCheckIn } from '../hooks/use-check-in';
import { useAttendanceChanged } from '../hooks/use-live';

/** One location's children on the parent's phone. */
function LocationCheckIn({ place, code, onSaved }: { place: ParentCheckInData; code: string | null; onSaved(): void }) {
  const { t } = useTranslation('attendance');
  const [picked, setPicked] = useState<Set<string>>(
    () => new Set(place.children.filter((c) => c.checked_in_out !== 'absent').map((c) => c.id)),
  );
  const [answers, setAnswers] = useState<HealthAnswers>({});
  const [signature, setSignature] = useState<string | null>(null);
  const checkIn = useCheckIn();
  const chosen = place.children.filter((c) => picked.has(c.id));
  const action = actionFor(chosen);
  const screened = place.health_screen ? chosen.filter((c) => c.checked_in_out !== 'checked_in') : [];
  const ready =
    chosen.length > 0 &&
    (!place.health_screen ||
      allAnswered(
        place.questions,
        screened.map((c) => c.id),
        answers,
      )) &&
    (!place.signature_required || Boolean(signature));

  let blocked: string | null = null;
  if (!place.parent_check_in) blocked = t('parent.useKiosk');
  else if (place.qr_required && !code) blocked = t('parent.scanFirst');

  return (
    <Card withBorder radius="md" padding="md" data-testid={`parent-location-${place.location_id}`}>
      <Title order={2} size="h3" mb="sm">
        {place.location_name}
      </Title>
      {blocked ? (
        <Alert color="primary" variant="light">
          {blocked}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap="sm" role="group" aria-label={t('kiosk.pickChildren')}>
            {place.children.map((c) => (
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
          {place.health_screen && screened.length > 0 ? (
            <div>
              <Title order={3} size="h4" mb="sm">
                {t('health.title')}
              </Title>
              <HealthQuestions questions={place.questions} childrenToScreen={screened} answers={answers} onChange={setAnswers} />
            </div>
          ) : null}
          {place.signature_required ? (
            <div>
              <Text fw={600} mb="xs">
                {t('signature.required')}
              </Text>
              <SignaturePad onChange={setSignature} height={160} />
            </div>
          ) : null}
          <Button
            className={classes.bigButton}
            fullWidth
            disabled={!ready}
            loading={checkIn.busy}
            data-testid="parent-submit"
            onClick={async () => {
              const result = await checkIn.run({
                students: chosen.map((c) => c.id),
                action,
                code,
                signature,
                health_screen: screened.length
                  ? toHealthInput(
                      place.questions,
                      screened.map((c) => c.id),
                      answers,
                    )
                  : null,
              });
              if (result?.status) {
                setSignature(null);
                setAnswers({});
                onSaved();
              }
            }}
          >
            {t(action === 'check_out' ? 'actions.checkOut' : action === 'check_in' ? 'actions.checkIn' : 'actions.confirm')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/** Follows check-ins made anywhere at one location (one subscription per location shown). */
function LiveLocation({ locationId, onChange }: { locationId: string; onChange(): void }) {
  useAttendanceChanged(locationId, onChange);
  return null;
}

/** The scanned code (?code=): where it was scanned, or why it does not work. */
function useScannedCode(code: string | null) {
  const [{ data, error }] = useQuery({
    query: ValidateCheckInCodeQuery,
    variables: { code: code ?? '' },
    pause: !code,
    requestPolicy: 'network-only',
  });
  return { place: data?.validateCheckInCode ?? null, problem: error?.graphQLErrors[0]?.message ?? null };
}

/**
 * /user/students/check-in-or-out: a parent checks their own children in or out from their phone
 * (with the location's QR code when it asks for one: the scanned code arrives in ?code= and counts
 * for the location it belongs to). Every location shown follows check-ins made elsewhere live.
 */
export function ParentCheckInPage() {
  const { t } = useTranslation('attendance');
  const [params] = useSearchParams();
  const code = params.get('code');
  const scanned = useScannedCode(code);
  const [{ data, fetching, error }, refetch] = useQuery({ query: MyCheckInQuery, variables: {} });
  const places = data?.getMyCheckIn ?? [];
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <Stack gap="md" maw={640}>
      <PageHead title={t('parent.title')} lead={t('parent.lead')} />
      {error ? (
        <Alert color="danger" variant="light" role="alert">
          {t('common.loadFailed')}
        </Alert>
      ) : null}
      {code && scanned.problem ? (
        <Alert color="danger" variant="light" role="alert" data-testid="parent-code-problem">
          {scanned.problem}
        </Alert>
      ) : null}
      {scanned.place ? (
        <Alert color="success" variant="light" data-testid="parent-code-ok">
          {scanned.place.message}
        </Alert>
      ) : null}
      {!fetching && !error && places.length === 0 ? (
        <Alert color="primary" variant="light" data-testid="parent-none">
          {t('parent.none')}
        </Alert>
      ) : null}
      {places.map((place) => (
        <LiveLocation key={place.location_id} locationId={place.location_id} onChange={refresh} />
      ))}
      {places.map((place) => (
        <LocationCheckIn
          key={`${place.location_id}-${place.children.map((c) => c.checked_in_out).join()}`}
          place={place}
          code={scanned.place?.location_id === place.location_id ? code : null}
          onSaved={refresh}
        />
      ))}
    </Stack>
  );
}
