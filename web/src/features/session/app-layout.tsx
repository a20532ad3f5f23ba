/**
 * The signed-in frame (product-spec §2): header with the logo, the project dropdown and the user menu (name,
 * e-mail, Logout); product pages add the sidebar. Onboarding pages get the header only.
 */
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import { Suspense } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AntdTheme } from '../../components/antd-theme';
import { LoadingScreen } from '../../components/loading-screen';
import { Logo } from '../../components/logo';
import { BillingDialogs } from '../billing/billing-dialogs';
import { ProductSidebar } from '../product/product-sidebar';
import { ProjectMenu } from '../product/project-menu';
import { clearSession, endServerSession } from './session.thunks';
import './app-layout.css';

export default function AppLayout() {
  const user = useAppSelector((state) => state.session.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The layout is the parent route; the product routes' :productId reaches it through the matched params.
  const { productId } = useParams();

  async function onLogout() {
    await dispatch(endServerSession());
    // Leave the guarded page first so the guard does not see a visitor and send them to /login. Not as a
    // transition: that would keep this page (and its guard) on screen while the landing page loads.
    await navigate('/', { replace: true, flushSync: true });
    dispatch(clearSession());
  }

  return (
    <AntdTheme>
      <div className="app-layout">
        <header className="app-layout__header">
          <div className="app-layout__start">
            <Logo to="/dashboard" />
            {user && <ProjectMenu productId={productId} />}
          </div>
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
        <div className="app-layout__body">
          {productId && <ProductSidebar productId={productId} />}
          <div className="app-layout__content">
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
        <BillingDialogs />
      </div>
    </AntdTheme>
  );
}
