/** Onboarding step 1 `/onboarding-name`: its heading until the product form lands (a later issue). */
import { PlaceholderPage } from '../../components/placeholder-page';

export default function OnboardingNamePage() {
  return <PlaceholderPage title="Tell us about your product" subtitle="Step 1 of 2" />;
}
