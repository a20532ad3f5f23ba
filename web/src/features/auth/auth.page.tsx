/**
 * Login `/login` and Sign-up `/signup`: one form with a mode (product-spec §2, §4 After sign-in, §5).
 * Unlike the original, the server's error message is shown on the form as well as logged.
 */
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { isApiError } from '../../api/base-query';
import { useLoginMutation, useRegisterMutation } from '../../api/identity.api';
import { AntdTheme } from '../../components/antd-theme';
import { Logo } from '../../components/logo';
import { destinationAfterLogin, destinationAfterSignup, readPlan, signedIn } from '../session/session.thunks';
import './auth.css';

export type AuthMode = 'login' | 'signup';

const TEXT: Record<
  AuthMode,
  { title: string; subtitle: string; submit: string; pending: string; switchTo: string; switchLabel: string }
> = {
  login: {
    title: 'Welcome back',
    subtitle: 'Enter your credentials to access your dashboard',
    submit: 'Log In',
    pending: 'Signing in...',
    switchTo: '/signup',
    switchLabel: 'Sign Up',
  },
  signup: {
    title: 'Create account',
    subtitle: 'Enter your details to get started',
    submit: 'Sign Up',
    pending: 'Creating account...',
    switchTo: '/login',
    switchLabel: 'Log In',
  },
};

export function AuthForm({ mode }: { mode: AuthMode }) {
  const text = TEXT[mode];
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [login, loginState] = useLoginMutation();
  const [register, registerState] = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const pending = loginState.isLoading || registerState.isLoading || redirecting;
  const plan = readPlan(location.search);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      if (mode === 'login') {
        const user = await login({ email, password }).unwrap();
        dispatch(signedIn(user));
        setRedirecting(true);
        const next = await dispatch(destinationAfterLogin());
        if (next.kind === 'reload') window.location.assign(next.url);
        else await navigate(next.to, { replace: true });
      } else {
        const user = await register({ name, email, password }).unwrap();
        dispatch(signedIn(user));
        await navigate(destinationAfterSignup(plan), { replace: true });
      }
    } catch (cause) {
      console.error(mode === 'login' ? 'Login failed' : 'Sign-up failed', cause);
      setRedirecting(false);
      setError(isApiError(cause) ? cause.message : String(cause));
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-labelledby="auth-title">
      <h1 id="auth-title" className="auth-form__title">
        {text.title}
      </h1>
      <p className="auth-form__subtitle">{text.subtitle}</p>
      {error && <Alert className="auth-form__error" type="error" showIcon title={error} role="alert" />}
      {mode === 'signup' && (
        <div className="auth-form__field">
          <label htmlFor="auth-name">Full Name</label>
          <Input
            id="auth-name"
            name="name"
            size="large"
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
      )}
      <div className="auth-form__field">
        <label htmlFor="auth-email">Email</label>
        <Input
          id="auth-email"
          name="email"
          type="text"
          inputMode="email"
          size="large"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="auth-form__field">
        <label htmlFor="auth-password">Password</label>
        <Input.Password
          id="auth-password"
          name="password"
          size="large"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={pending} disabled={pending}>
        {pending ? text.pending : text.submit}
      </Button>
      <p className="auth-form__switch">
        <Link to={mode === 'signup' ? text.switchTo : `${text.switchTo}${location.search}`}>
          {text.switchLabel}
        </Link>
      </p>
    </form>
  );
}

export default function AuthPage({ mode }: { mode: AuthMode }) {
  return (
    <AntdTheme>
      <div className="auth-page">
        <aside className="auth-page__brand" aria-hidden="true">
          <div className="auth-page__brand-inner">
            <p className="auth-page__brand-title">Transform your product video into actionable analytics</p>
            <p className="auth-page__brand-text">
              Upload your product video and get comprehensive tracking plans, and analytics strategies powered
              by AI.
            </p>
            <ol className="auth-page__steps">
              <li>Create Project</li>
              <li>Upload Video</li>
              <li>AI Analysis</li>
              <li>Get Insights</li>
            </ol>
          </div>
        </aside>
        <main className="auth-page__main">
          <div className="auth-page__logo">
            <Logo />
          </div>
          <div className="auth-page__card">
            <AuthForm key={mode} mode={mode} />
          </div>
        </main>
      </div>
    </AntdTheme>
  );
}
