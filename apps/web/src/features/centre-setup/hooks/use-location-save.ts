import type { UseFormSetError } from 'react-hook-form';
import { useMutation } from 'urql';
import type { LocationData } from '../api/fragments';
import { CreateLocationMutation, UpdateLocationMutation, UpdateLocationSignupCodeMutation } from '../api/locations.mutation';
import { LOCATION_FIELDS, type LocationFormValues } from '../forms/location-form.schema';
import { useFinish } from './use-finish';

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** Creates or saves a location from the form (the signup switch and code have their own call when editing). */
export function useLocationSave() {
  const finish = useFinish();
  const [, create] = useMutation(CreateLocationMutation);
  const [, update] = useMutation(UpdateLocationMutation);
  const [, updateSignup] = useMutation(UpdateLocationSignupCodeMutation);

  return async function save(
    location: LocationData | null,
    values: LocationFormValues,
    setError: UseFormSetError<LocationFormValues>,
  ): Promise<LocationData | null> {
    const form = { setError, fields: LOCATION_FIELDS };
    const common = {
      name: values.name.trim(),
      timezone: values.timezone,
      email: orNull(values.email),
      phone: orNull(values.phone),
      longitude: numOrNull(values.longitude),
      latitude: numOrNull(values.latitude),
      address: orNull(values.address),
      pin_url: orNull(values.pin_url),
      map_url: orNull(values.map_url),
      color: orNull(values.color),
      managers: values.managers,
      schedule_name: values.schedule_name.trim() === '' ? (location?.schedule ? '' : null) : values.schedule_name.trim(),
      scheduledates: values.schedule_name.trim() === '' ? null : values.scheduledates,
    };
    if (!location) {
      const r = await create({ ...common, is_signup: values.is_signup, signup_code: orNull(values.signup_code) });
      return finish(r.error, r.data?.createNewLocation, form)?.location ?? null;
    }
    const signupChanged = values.is_signup !== Boolean(location.is_signup) || (values.signup_code || '') !== (location.signup_code ?? '');
    if (signupChanged) {
      const s = await updateSignup({ location_id: location.id, is_signup: values.is_signup, signup_code: orNull(values.signup_code) });
      if (!finish(s.error, s.data?.updateLocationSignupCode, form)) return null;
    }
    const r = await update({ ...common, id: location.id, active: values.active });
    return finish(r.error, r.data?.updateLocation, form)?.location ?? null;
  };
}
