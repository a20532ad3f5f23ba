/** The signed-in frame: header with the logo and the user menu (name, e-mail, Logout), then the page. */
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AntdTheme } from '../../components/antd-theme';
import { LoadingScreen } from '../../components/loading-screen';
import { Logo } from '../../components/logo';
import { clearSession, endServerSession } from './session.thunks';
import './app-layout.css';

export default function AppLayout() {
  const user = useAppSelector((state) => state.session.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function onLogout() {
    await dispatch(endServerSession());
    // Leave the guarded page first so the guard does not see a visitor and send them to /login.
    await navigate('/', { replace: true });
    dispatch(clearSession());
  }

  return (
    <AntdTheme>
      <div className="app-layout">
        <header className="app-layout__header">
          <Logo to="/dashboard" />
          {user && (
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  {
                    key: 'who',
                    disabled: true,
                    label: (
                      <div className="user-menu__who">
                        <strong>{user.name}</strong>
                        <span>{user.email}</span>
                      </div>
                    ),
                  },
                  { type: 'divider' },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined aria-hidden="true" aria-label={undefined} />,
                    label: 'Logout',
                    onClick: () => void onLogout(),
                  },
                ],
              }}
            >
              <button type="button" className="user-menu__trigger" aria-label={user.name}>
                <Avatar
                  size={32}
                  icon={<UserOutlined aria-hidden="true" aria-label={undefined} />}
                  className="user-menu__avatar"
                />
                <span className="user-menu__name">{user.name}</span>
              </button>
            </Dropdown>
          )}
        </header>
        <div className="app-layout__content">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </AntdTheme>
  );
}
