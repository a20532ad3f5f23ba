/**
 * OCR slips on button labels, most often where the cursor rests on the control about to be clicked
 * ("Add tR Cart"). Short labels close to a common UI phrase are snapped to it.
 */

const COMMON_LABELS = [
  'Add to Cart', 'Add to Bag', 'Add to Basket', 'Add to Wishlist', 'Buy Now', 'Shop Now', 'Checkout', 'Proceed to Checkout',
  'Continue to Checkout', 'Continue to Payment', 'Continue Shopping', 'Place Order', 'Pay Now', 'Complete Purchase',
  'Sign In', 'Sign Up', 'Log In', 'Log Out', 'Sign Out', 'Create Account', 'Get Started', 'Continue', 'Submit', 'Save',
  'Save Changes', 'Cancel', 'Next', 'Back', 'Done', 'Apply', 'Confirm', 'Delete', 'Edit', 'Edit Profile', 'Send',
  'Send Invite', 'Invite Teammate', 'Invite Member', 'Learn More', 'View Details', 'View All', 'See All', 'Try for Free',
  'Start Free Trial', 'Upgrade', 'Upgrade Now', 'Subscribe', 'Follow', 'Share', 'Download', 'Upload', 'Search',
  'Forgot Password?', 'Remember Me', 'Accept All', 'Skip', 'Close', 'Reset Password', 'Apply Coupon', 'Update Cart',
  'Book Now', 'Contact Us', 'Request Demo', 'New Project', 'Create Project', 'Export', 'Filter', 'Sort By',
];

function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] ?? 0) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length] ?? 0;
}

/** The common label this text was probably meant to be, or the text itself. */
export function correctLabel(text: string): string {
  const key = text.toLowerCase();
  if (key.length < 5 || key.split(' ').length > 4) return text;
  let best: { label: string; edits: number } | undefined;
  for (const label of COMMON_LABELS) {
    const edits = distance(key, label.toLowerCase());
    if (edits === 0) return text;
    if (!best || edits < best.edits) best = { label, edits };
  }
  if (best && best.edits <= Math.min(3, Math.floor(best.label.length * 0.2))) return best.label;
  return text;
}
