/**
 * The never-personal-data rule of tracking plans, shared by the offline generator and the model path: what a
 * user types about themselves is tracked only as a safe derivative (the domain of an e-mail, whether a name was
 * given), secrets are never tracked, and no example or text carries an address someone could be reached at.
 */

/** What a field or property holds when it is about a person, from its words ('Email address' → 'email'). */
export type PersonalData = 'secret' | 'email' | 'phone' | 'name' | 'address';

const SECRET =
  /\b(password|passcode|passphrase|pin|cvv|cvc|security code|card number|credit card|card|iban|ssn|social security|secret|token|otp|verification code|one time code|birth|dob|date of birth)\b/;
const EMAIL = /\be ?mail\b/;
const PHONE = /\b(phone|telephone|tel|mobile number|cell)\b/;
const NAME = /^((full|first|last|given|family|display|user|your|customer|contact|recipient|cardholder) )?name$|^username$/;
const ADDRESS = /\b(address|street|zip|zip code|postal|postcode|city|ip address)\b/;

/** `words` are lower-case words ('full name', or a snake_case name with spaces for underscores). */
export function personalDataOf(words: string): PersonalData | null {
  if (SECRET.test(words)) return 'secret';
  if (EMAIL.test(words)) return 'email';
  if (PHONE.test(words)) return 'phone';
  if (NAME.test(words)) return 'name';
  if (ADDRESS.test(words)) return 'address';
  return null;
}

const EMAIL_ADDRESS = /[^\s@'"“”‘’()<>,;:]+@[^\s@'"“”‘’()<>,;:]+\.[A-Za-z]{2,}/g;
/** Seven digits or more in a row (spaces and dashes allowed): a phone or card number, never an id we invent. */
const LONG_NUMBER = /\d(?:[\s.-]?\d){6,}/;

/** Free text (a description, a trigger) with every e-mail address replaced. */
export function withoutPersonalData(text: string): string {
  return text.replace(EMAIL_ADDRESS, 'an e-mail address');
}

export function isEmailAddress(text: string): boolean {
  return new RegExp(EMAIL_ADDRESS.source).test(text);
}

/** An example value that could reach or identify someone: an e-mail address, a phone or card number. */
export function looksPersonal(example: string): boolean {
  return isEmailAddress(example) || LONG_NUMBER.test(example);
}
