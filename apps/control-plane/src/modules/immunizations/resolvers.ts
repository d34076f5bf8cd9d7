import type { Resolvers } from '../../generated/resolvers.ts';
import type { DoseRule } from '@kv/shared';

const doseLabel = (n: number) => (r: { doses: DoseRule[] }) => r.doses[n - 1]?.label ?? null;

export const immunizationResolvers: Resolvers = {
  Query: {
    getImmunizations: (_, args, { actor, services }) => services.immunizations.getImmunizations(actor, args),
    getImmunizationSchedules: (_, _args, { actor, services }) => services.immunizations.getImmunizationSchedules(actor),
  },
  Mutation: {
    createImmunization: (_, args, { actor, services }) => services.immunizations.createImmunization(actor, args),
    updateImmunization: (_, args, { actor, services }) => services.immunizations.updateImmunization(actor, args),
    deleteImmunization: (_, args, { actor, services }) => services.immunizations.deleteImmunization(actor, args),
    publishImmunizationSchedule: (_, args, { actor, services }) => services.immunizations.publishImmunizationSchedule(actor, args),
  },
  Immunization: {
    id: (r) => String(r.id),
    dose_1: doseLabel(1),
    dose_2: doseLabel(2),
    dose_3: doseLabel(3),
    dose_4: doseLabel(4),
    dose_5: doseLabel(5),
    dose_6: doseLabel(6),
    doses: (r) => r.doses.map((d, i) => ({ number: i + 1, ...d })),
  },
  ImmunizationSchedule: {
    id: (r) => String(r.id),
    immunizations: (r) => r.data.map((i, n) => ({ id: `${r.version}-${i.code}`, position: n + 1, updated_at: r.created_at, ...i })),
  },
};
