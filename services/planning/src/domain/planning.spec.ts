import { AppError } from '@tracklens/kit';
import { Planning } from './planning';
import type { Confirmation, LockedProductStore, NewPlan, PlanningStore, QuotaGate, Reservation } from './ports';

/** What happened, in order: billing's calls and the product lock's transaction. */
type Step = 'reserve' | 'confirm' | 'release' | 'transaction' | 'insert' | 'commit' | 'rollback';

function world(options: { insertFails?: boolean; granted?: boolean } = {}) {
  const steps: Step[] = [];
  let inTransaction = false;
  const billingCallsInTransaction: Step[] = [];
  const billing = (step: Step) => {
    steps.push(step);
    if (inTransaction) billingCallsInTransaction.push(step);
  };
  const quota: QuotaGate = {
    reserve: async (): Promise<Reservation> => {
      billing('reserve');
      return options.granted === false
        ? { granted: false, denial: { code: 'TRACKING_PLAN_RESTRICTED', message: 'Limit' } }
        : { granted: true, reservationId: 'r1' };
    },
    confirm: async (): Promise<Confirmation> => {
      billing('confirm');
      return { confirmed: true };
    },
    release: async () => billing('release'),
  };
  const inserted: NewPlan[] = [];
  const locked: LockedProductStore = {
    findGeneratingPlan: async () => null,
    insertPlan: async (plan) => {
      steps.push('insert');
      if (options.insertFails) throw new Error('the database went away');
      inserted.push(plan);
    },
  };
  // Only what starting a generation touches; the rest of the store is never called here.
  const store = {
    findGeneratingPlan: async () => null,
    withProductLock: async <T>(_productId: string, work: (store: LockedProductStore) => Promise<T>): Promise<T> => {
      steps.push('transaction');
      inTransaction = true;
      try {
        const result = await work(locked);
        steps.push('commit');
        return result;
      } catch (error) {
        steps.push('rollback');
        throw error;
      } finally {
        inTransaction = false;
      }
    },
  } as unknown as PlanningStore;
  const planning = new Planning({
    store,
    products: { getProduct: async (_userId, id) => ({ id, name: 'Acme Shop', type: 'website' }) },
    quota,
    logger: { warn: () => undefined },
  });
  return { planning, steps, billingCallsInTransaction, inserted };
}

describe(Planning.name, () => {
  it('should reserve before the database transaction and confirm after its commit, never calling billing inside it', async () => {
    const { planning, steps, billingCallsInTransaction, inserted } = world();
    const answer = await planning.startGeneration('u1', 'p1');
    expect(answer).toEqual({ jobId: expect.any(String) });
    expect(steps).toEqual(['reserve', 'transaction', 'insert', 'commit', 'confirm']);
    expect(billingCallsInTransaction).toEqual([]);
    expect(inserted[0]).toMatchObject({ reservationId: 'r1', productId: 'p1', title: 'Acme Shop Tracking Plan' });
  });

  it('should release the reservation when the transaction fails, and answer its error', async () => {
    const { planning, steps, billingCallsInTransaction } = world({ insertFails: true });
    await expect(planning.startGeneration('u1', 'p1')).rejects.toThrow('the database went away');
    expect(steps).toEqual(['reserve', 'transaction', 'insert', 'rollback', 'release']);
    expect(billingCallsInTransaction).toEqual([]);
  });

  it('should answer a denial with 403 and open no transaction', async () => {
    const { planning, steps } = world({ granted: false });
    const denied = await planning.startGeneration('u1', 'p1').catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(AppError);
    expect(denied).toMatchObject({ status: 403, code: 'TRACKING_PLAN_RESTRICTED' });
    expect(steps).toEqual(['reserve']);
  });
});
