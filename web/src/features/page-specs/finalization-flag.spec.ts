import {
  STUCK_AFTER_MS,
  finalizedAt,
  isFinalizationPending,
  markFinalized,
  settleFinalization,
  showsProcessing,
} from './finalization-flag';

beforeEach(() => localStorage.clear());

describe('the page specs finalization flag', () => {
  it('should be stored per product under page_specs_finalized_<productId>', () => {
    markFinalized('prod-1', 1_000);
    expect(localStorage.getItem('page_specs_finalized_prod-1')).toBe('1000');
    expect(finalizedAt('prod-1')).toBe(1_000);
    expect(finalizedAt('prod-2')).toBeNull();
  });

  it("should make the review show 'Processing...' while the product is processing, analyzing or completed", () => {
    expect(showsProcessing('prod-1', 'processing')).toBe(false);
    markFinalized('prod-1');
    for (const status of ['processing', 'analyzing', 'completed'] as const)
      expect(showsProcessing('prod-1', status)).toBe(true);
    for (const status of ['page_specs_ready', 'failed', 'uploaded', null] as const)
      expect(showsProcessing('prod-1', status)).toBe(false);
  });

  it('should be cleared once the product is completed', () => {
    markFinalized('prod-1', 1_000);
    settleFinalization('prod-1', 'processing', 2_000);
    expect(finalizedAt('prod-1')).toBe(1_000);
    settleFinalization('prod-1', 'completed', 2_000);
    expect(finalizedAt('prod-1')).toBeNull();
  });

  it('should be cleared when the product stays at page_specs_ready, and count as pending until then', () => {
    markFinalized('prod-1', 1_000);
    expect(isFinalizationPending('prod-1', 1_000 + STUCK_AFTER_MS - 1)).toBe(true);
    settleFinalization('prod-1', 'page_specs_ready', 1_000 + STUCK_AFTER_MS - 1);
    expect(finalizedAt('prod-1')).toBe(1_000);
    expect(isFinalizationPending('prod-1', 1_000 + STUCK_AFTER_MS)).toBe(false);
    settleFinalization('prod-1', 'page_specs_ready', 1_000 + STUCK_AFTER_MS);
    expect(finalizedAt('prod-1')).toBeNull();
  });
});
