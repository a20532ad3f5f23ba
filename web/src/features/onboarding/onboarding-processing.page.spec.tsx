import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../../lib/storage';
import { renderWithProviders } from '../../test/render';
import OnboardingProcessingPage from './onboarding-processing.page';

function renderPage() {
  return renderWithProviders(
    [
      { path: '/onboarding-processing', element: <OnboardingProcessingPage /> },
      { path: '/products/:productId', element: <p>Product page</p> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialPath: '/onboarding-processing' },
  );
}

async function goToDashboard() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
  });
}

beforeEach(() => localStorage.clear());

describe(OnboardingProcessingPage.name, () => {
  it('should say the video is in, how long processing takes, and go to the product of the draft', async () => {
    localStorage.setItem(
      STORAGE_KEYS.onboardingProductData,
      JSON.stringify({ name: 'Acme', type: 'website', description: 'Online shop here', productId: 'prod-9' }),
    );
    renderPage();
    expect(screen.getByRole('heading', { name: 'Video Uploaded Successfully!' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(/Processing takes 15-20 minutes/)).toBeTruthy();
    expect(screen.getByText('You can close this tab and return later.')).toBeTruthy();
    expect(screen.getByText('You will be notified when processing completes.')).toBeTruthy();
    await goToDashboard();
    expect(screen.getByText('Product page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.onboardingProductData)).toBeNull();
  });

  it('should go to the last created product without a draft, and to /dashboard without either', async () => {
    localStorage.setItem(STORAGE_KEYS.lastCreatedProduct, JSON.stringify({ id: 'prod-3' }));
    const first = renderPage();
    await goToDashboard();
    expect(screen.getByText('Product page')).toBeTruthy();
    first.unmount();

    localStorage.clear();
    renderPage();
    await goToDashboard();
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });
});
