/**
 * OCR slips on button labels, most often where the cursor rests on the control about to be clicked
 * ("Add tR Cart"). Short labels close to a common UI phrase are snapped to it, a whole phrase telling more
 * than its words one by one (name-cleaner.ts then cleans what is left word by word).
 */
import { isKnownWord, ocrDistance } from './name-cleaner';

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

/** The common label this text was probably meant to be, or the text itself. */
export function correctLabel(text: string): string {
  const key = text.toLowerCase();
  if (key.length < 5 || key.split(' ').length > 4) return text;
  let best: { label: string; edits: number } | undefined;
  for (const label of COMMON_LABELS) {
    const edits = ocrDistance(key, label.toLowerCase());
    if (edits === 0) return text;
    if (!best || edits < best.edits) best = { label, edits };
  }
  if (!best || best.edits > Math.min(3, Math.floor(best.label.length * 0.2))) return text;
  return keepsItsWords(key, best.label) ? best.label : text;
}

/**
 * A slip bends a word, it does not swap one for another: a label whose words are words of its own ("Save to
 * wishlist") is not a misread of a common one three edits away ("Add to Wishlist").
 */
function keepsItsWords(read: string, label: string): boolean {
  const meant = label.toLowerCase().split(' ');
  return read
    .split(' ')
    .every(
      (word) =>
        word.length < 3 || !isKnownWord(word) || meant.some((other) => ocrDistance(word, other, 1) <= 1),
    );
}
