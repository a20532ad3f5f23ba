import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { User } from '../../api/identity.api';
import { STORAGE_KEYS } from '../../lib/storage';
import { aUser } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { initialSessionState } from '../session/session.slice';
import OnboardingNamePage from './onboarding-name.page';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderStep1(
  initialPath = '/onboarding-name',
  subscriptionStatus: User['subscriptionStatus'] = 'free',
) {
  return renderWithProviders(
    [
      {
        path: '/onboarding-name',
        element: (
          <>
            <OnboardingNamePage />
            <Where />
          </>
        ),
      },
      { path: '/onboarding-video-upload', element: <p>Step 2</p> },
    ],
    {
      initialPath,
      preloadedState: {
        session: { ...initialSessionState, initialized: true, user: aUser({ subscriptionStatus }) },
      },
    },
  );
}

function draft(): unknown {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.onboardingProductData) ?? 'null');
}

// In act, so that the form's asynchronous validation settles inside it.
async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Video Upload' }));
  });
}

beforeEach(() => localStorage.clear());

describe(OnboardingNamePage.name, () => {
  it("should show 'Step 1 of 2' and the three messages of product-spec §5 for an empty or short form", async () => {
    renderStep1();
    expect(screen.getByRole('heading', { name: 'Tell us about your product' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect((screen.getByLabelText('Website') as HTMLInputElement).checked).toBe(true);
    await submit();
    expect(await screen.findByText('Product name is required')).toBeTruthy();
    expect(await screen.findByText('Description must be at least 10 characters')).toBeTruthy();
    await type('Description', 'too short');
    expect(await screen.findByText('Description must be at least 10 characters')).toBeTruthy();
    expect(screen.queryByText('Step 2')).toBeNull();
  });

  it('should start a new draft on entry and save it on every change', async () => {
    localStorage.setItem(
      STORAGE_KEYS.onboardingProductData,
      JSON.stringify({ name: 'Old', type: 'website', description: 'An old draft here' }),
    );
    renderStep1();
    await waitFor(() => expect(draft()).toBeNull());
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe('');
    await type('Product Name', 'Acme Shop');
    expect(draft()).toEqual({ name: 'Acme Shop', type: 'website', description: '' });
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Mobile App'));
    });
    expect(draft()).toEqual({ name: 'Acme Shop', type: 'mobile_app', description: '' });
    await type('Description', 'Online shop for office supplies');
    expect(draft()).toEqual({
      name: 'Acme Shop',
      type: 'mobile_app',
      description: 'Online shop for office supplies',
    });
  });

  it("should go to step 2 with the trimmed draft and say 'Product details saved'", async () => {
    renderStep1();
    await type('Product Name', '  Acme Shop ');
    await type('Description', ' Online shop for office supplies ');
    await submit();
    expect(await screen.findByText('Step 2')).toBeTruthy();
    expect(draft()).toEqual({
      name: 'Acme Shop',
      type: 'website',
      description: 'Online shop for office supplies',
    });
    expect(await screen.findByText('Product details saved')).toBeTruthy();
    expect(screen.getByText('Moving to video upload step')).toBeTruthy();
  });

  it('should open the upgrade dialog for ?showUpgrade=true on a free plan, remember the referrer and drop the parameter', async () => {
    const { store } = renderStep1('/onboarding-name?showUpgrade=true');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/onboarding-name'));
    expect(store.getState().upgrade.open).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBe('/onboarding-name');
  });

  it('should not offer the upgrade to a Pro user', async () => {
    const { store } = renderStep1('/onboarding-name?showUpgrade=true', 'active');
    await act(async () => undefined);
    expect(store.getState().upgrade.open).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.paymentReferrer)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/onboarding-name?showUpgrade=true');
  });
});
