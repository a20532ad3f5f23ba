import { fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../../lib/storage';
import { sendJson, useTestServer } from '../../test/http-server';
import { renderWithProviders } from '../../test/render';
import { AuthForm } from './auth.page';
import { aUser } from '../../test/factories';

const server = useTestServer();

beforeEach(async () => {
  localStorage.clear();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const user = aUser();

describe(AuthForm.name, () => {
  it("should say 'Signing in...' while pending and show the server's message on the form", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.handle((_request, response) =>
      setTimeout(() => sendJson(response, 401, { message: 'Invalid email or password' }), 100),
    );
    renderWithProviders([{ path: '/login', element: <AuthForm mode="login" /> }], { initialPath: '/login' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText('Enter your credentials to access your dashboard')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    fill('Email', 'ada@example.com');
    fill('Password', 'wrong-password');
    fireEvent.submit(screen.getByRole('button', { name: 'Log In' }).closest('form') as HTMLFormElement);
    expect(await screen.findByRole('button', { name: /Signing in\.\.\./ })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual({
      email: 'ada@example.com',
      password: 'wrong-password',
    });
  });

  it("should say 'Creating account...' while pending, then go to onboarding with the upgrade for the pro plan", async () => {
    server.handle((_request, response) => setTimeout(() => sendJson(response, 201, { user }), 100));
    renderWithProviders(
      [
        { path: '/signup', element: <AuthForm mode="signup" /> },
        { path: '/onboarding-name', element: <p>Onboarding</p> },
      ],
      { initialPath: '/signup?plan=pro' },
    );
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByText('Enter your details to get started')).toBeTruthy();
    fill('Full Name', 'Ada Lovelace');
    fill('Email', 'ada@example.com');
    fill('Password', 'correct-horse-battery');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign Up' }).closest('form') as HTMLFormElement);
    expect(await screen.findByRole('button', { name: /Creating account\.\.\./ })).toBeTruthy();
    expect(await screen.findByText('Onboarding')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ id: 'user-1' });
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct-horse-battery',
    });
  });
});
