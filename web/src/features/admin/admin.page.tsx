/**
 * The development-only admin panel `/admin` (product-spec §2, §6): Back to Dashboard, the database
 * environment card, database statistics (polled every 30 s), 'clear staging data' when clearing is allowed,
 * the command-line tools, and the warning about the production database.
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { LoadingScreen } from '../../components/loading-screen';
import { toast } from '../../components/toast';
import {
  STATS_POLL_MS,
  useClearStagingDataMutation,
  useGetDatabaseConfigQuery,
  useGetDatabaseStatsQuery,
  type DatabaseConfig,
} from './admin.api';
import '../product/product.css';
import './admin.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

const DATABASE_TYPES: Record<DatabaseConfig['databaseType'], string> = {
  postgresql: 'PostgreSQL',
  pglite: 'PGlite (embedded PostgreSQL)',
};

/** Run from the repository root. */
const COMMAND_LINE_TOOLS = [
  ['npm start', 'Build and start the whole product in one process'],
  ['npm run build', 'Build every workspace and the web app'],
  ['npm test', 'Unit and integration tests of every workspace'],
  ['npm run test:e2e', 'Build, then run the browser tests'],
  ['npm run db:generate', "Generate each service's database migrations from its schema"],
  ['npm run typecheck', 'Type-check every workspace'],
  ['npm run lint', 'Lint every workspace'],
] as const;

export default function AdminPage() {
  const config = useGetDatabaseConfigQuery();

  if (config.isError && isApiError(config.error) && isAuthError(config.error)) return <LoadingScreen />;
  return (
    <main className="product-page admin-page">
      <Link to="/dashboard" className="kb-back">
        <ArrowLeftOutlined {...hidden} /> Back to Dashboard
      </Link>
      <header className="product-page__header">
        <h1 className="product-page__title">Admin Panel</h1>
        <p className="admin-page__subtitle">Development tools for the databases of every service.</p>
      </header>
      <EnvironmentCard config={config.data} isLoading={config.isLoading} isError={config.isError} onRetry={() => void config.refetch()} />
      {config.data?.isProduction ? (
        <Alert
          type="warning"
          showIcon
          title="Production database"
          description="The admin panel is not available in production. Production database clearing is disabled."
        />
      ) : config.data ? (
        <>
          <StatisticsCard />
          {config.data.canClearData && <ClearStagingDataCard />}
          <CommandLineTools />
          <Alert
            type="warning"
            showIcon
            title="Never use these tools on the production database"
            description="Production database clearing is disabled; in production the admin panel is not available."
          />
        </>
      ) : null}
    </main>
  );
}

function EnvironmentCard({
  config,
  isLoading,
  isError,
  onRetry,
}: {
  config: DatabaseConfig | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  return (
    <section className="admin-card" aria-labelledby="admin-environment">
      <h2 id="admin-environment" className="admin-card__title">
        Database Environment
      </h2>
      {isLoading ? (
        <div role="status" aria-label="Loading database configuration">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      ) : isError || !config ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Unable to load database configuration"
          action={<Button onClick={onRetry}>Try Again</Button>}
        />
      ) : (
        <dl className="admin-facts">
          <div>
            <dt>Environment</dt>
            <dd>
              <Tag className={`admin-env admin-env--${config.isProduction ? 'production' : 'other'}`}>
                {config.environment}
              </Tag>
            </dd>
          </div>
          <div>
            <dt>Database</dt>
            <dd>{DATABASE_TYPES[config.databaseType]}</dd>
          </div>
          <div>
            <dt>Production</dt>
            <dd>{config.isProduction ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Data clearing</dt>
            <dd>{config.canClearData ? 'Allowed' : 'Disabled'}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function StatisticsCard() {
  const { data, isLoading, isError, error, refetch } = useGetDatabaseStatsQuery(undefined, {
    pollingInterval: STATS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const rows = Object.entries(data?.stats ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section className="admin-card" aria-labelledby="admin-statistics">
      <h2 id="admin-statistics" className="admin-card__title">
        Database Statistics
      </h2>
      {isLoading ? (
        <div role="status" aria-label="Loading statistics">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : isError && !(isApiError(error) && isAuthError(error)) ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Unable to load statistics"
          action={<Button onClick={() => void refetch()}>Try Again</Button>}
        />
      ) : !data || rows.length === 0 ? (
        <p className="admin-card__empty">No tables to count yet.</p>
      ) : (
        <>
          <div className="admin-stats__scroll">
            <table className="admin-stats">
              <caption className="visually-hidden">Rows in each service&apos;s tables</caption>
              <thead>
                <tr>
                  <th scope="col">Table</th>
                  <th scope="col">Rows</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([name, count]) => (
                  <tr key={name}>
                    <th scope="row">
                      <code>{name}</code>
                    </th>
                    <td>{count.toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="admin-card__note">Updated {new Date(data.timestamp).toLocaleTimeString('en-US')}; refreshed every 30 seconds.</p>
        </>
      )}
    </section>
  );
}

function ClearStagingDataCard() {
  const [confirming, setConfirming] = useState(false);
  const [clearStagingData, { isLoading }] = useClearStagingDataMutation();

  async function confirm(): Promise<void> {
    try {
      await clearStagingData().unwrap();
      setConfirming(false);
    } catch (error) {
      toast.error('Failed to clear staging data', isApiError(error) ? error.message : undefined);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="admin-clear">
      <h2 id="admin-clear" className="admin-card__title">
        Clear Staging Data
      </h2>
      <p className="admin-card__text">
        Deletes every row of every service&apos;s database: users, products, videos, page specs, tracking plans,
        chat sessions, saved items and subscriptions. The database migrations are kept.
      </p>
      <div>
        <Button danger icon={<DeleteOutlined {...hidden} />} onClick={() => setConfirming(true)}>
          Clear Staging Data
        </Button>
      </div>
      <Modal
        open={confirming}
        title="Clear staging data?"
        okText="Clear Staging Data"
        okButtonProps={{ danger: true, loading: isLoading }}
        onOk={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          This permanently deletes all data in every service&apos;s database, your own account included: you will
          need to sign up again. This action cannot be undone.
        </p>
      </Modal>
    </section>
  );
}

function CommandLineTools() {
  return (
    <section className="admin-card" aria-labelledby="admin-tools">
      <h2 id="admin-tools" className="admin-card__title">
        Command-Line Tools
      </h2>
      <p className="admin-card__text">Run these from the repository root.</p>
      <ul className="admin-tools">
        {COMMAND_LINE_TOOLS.map(([command, purpose]) => (
          <li key={command}>
            <code>{command}</code> <span>{purpose}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
