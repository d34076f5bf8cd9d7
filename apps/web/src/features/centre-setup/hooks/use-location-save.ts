import type { UseFormSetError } from 'react-hook-form';
import { useMutation } from 'urql';
import type { LocationData } from '../api/fragments';
import { CreateLocationMutation, UpdateLocationMutation } from '../api/locations.mutation';
import { LOCATION_FIELDS, type LocationFormValues } from '../forms/location-form.schema';
import { useFinish } from './use-finish';

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** Creates or saves a location from the form: one mutation, so the server saves all of it or nothing. */
export function useLocationSave() {
  const finish = useFinish();
  const [, create] = useMutation(CreateLocationMutation);
  const [, update] = useMutation(UpdateLocationMutation);

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
      is_signup: values.is_signup,
      signup_code: orNull(values.signup_code),
      managers: values.managers,
      schedule_name: values.schedule_name.trim() === '' ? (location?.schedule ? '' : null) : values.schedule_name.trim(),
      scheduledates: values.schedule_name.trim() === '' ? null : values.scheduledates,
    };
    if (!location) {
      const r = await create(common);
      return finish(r.error, r.data?.createNewLocation, form)?.location ?? null;
    }
    const r = await update({ ...common, id: location.id, active: values.active });
    return finish(r.error, r.data?.updateLocation, form)?.location ?? null;
  };
}
