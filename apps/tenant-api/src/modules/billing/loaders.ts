import type { RequestContext } from '../../types.ts';
import { hasPermission, isStaff, requireViewer } from '../../core/access.ts';
import { itemsOf } from './repo/invoices.ts';
import { applicationsOf } from './repo/payments.ts';
import { contactsWithShares } from './repo/people.ts';
import { categoriesByIds, programsOfRooms, programsOfStudents } from './repo/setup.ts';
import { payerParts } from './service/pricing.ts';

type Query<T> = { obj: T; params: unknown }[];
const ids = <T>(queries: Query<T>, key: (o: T) => unknown) => [...new Set(queries.map((q) => String(key(q.obj))))];

/** The category of a preset or a variable charge (rows the services answered in scope). */
async function categoryOf(queries: Query<{ category_id: string | null }>, ctx: RequestContext) {
  const wanted = ids(
    queries.filter((q) => q.obj.category_id),
    (o) => o.category_id,
  );
  const m = await categoriesByIds(ctx.db, wanted);
  return queries.map((q) => (q.obj.category_id ? (m.get(String(q.obj.category_id)) ?? null) : null));
}

/** Invoices and payments are only ever answered to those who may read them (the services check). */
export const billingLoaders = {
  BillingPreset: { category: categoryOf },
  VariableCharge: { category: categoryOf },
  Invoice: {
    items: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      const m = await itemsOf(
        ctx.db,
        ids(queries, (o) => o.id),
      );
      return queries.map((q) => m.get(String(q.obj.id)) ?? []);
    },
    /**
     * Each payer's part of what the family pays of the invoice (its total less the agency's part;
     * nothing of an agency's invoice), by shares, else equally, by largest remainder.
     */
    payers: async (
      queries: Query<{ student_id: string; total: string | number; agency_part?: string | number | null; agency_id?: string | null }>,
      ctx: RequestContext,
    ) => {
      const contacts = await contactsWithShares(
        ctx.db,
        ids(queries, (o) => o.student_id),
      );
      return queries.map((q) =>
        payerParts(
          q.obj.agency_id ? 0 : Number(q.obj.total ?? 0) - Number(q.obj.agency_part ?? 0),
          contacts.filter((c) => c.is_payer && String(c.student_id) === String(q.obj.student_id)),
        ),
      );
    },
  },
  Payment: {
    applications: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      const m = await applicationsOf(
        ctx.db,
        ids(queries, (o) => o.id),
      );
      return queries.map((q) => m.get(String(q.obj.id)) ?? []);
    },
  },
  /** A child's billing program: for billing staff, on rows reached through their student scope. */
  Student: {
    billing_program: async (queries: Query<{ id: string; __scoped?: boolean }>, ctx: RequestContext) => {
      const v = requireViewer(ctx);
      if (!isStaff(v) || !(await hasPermission(ctx, 'billing.manage'))) return queries.map(() => null);
      const scoped = queries.filter((q) => q.obj.__scoped);
      const m = await programsOfStudents(
        ctx.db,
        ids(scoped, (o) => o.id),
      );
      return queries.map((q) => (q.obj.__scoped ? (m.get(String(q.obj.id)) ?? null) : null));
    },
  },
  /** A room's billing programs: staff only. */
  Program: {
    billing_programs: async (queries: Query<{ id: string }>, ctx: RequestContext) => {
      if (!isStaff(requireViewer(ctx))) return queries.map(() => []);
      const m = await programsOfRooms(
        ctx.db,
        ids(queries, (o) => o.id),
      );
      return queries.map((q) => m.get(String(q.obj.id)) ?? []);
    },
  },
};
