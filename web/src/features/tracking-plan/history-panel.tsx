/**
 * The History tab (product-spec §2): 'Tracking Plans History' with its 'N plan(s)' badge, 3 loading cards, the
 * empty state, and a card per plan with View, Copy, Download and Delete (disabled while it generates).
 */
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useDeleteTrackingPlanMutation, type TrackingPlan } from '../../api/planning.api';
import { toast } from '../../components/toast';
import { errorMessageOr } from './error-message';
import { EventsTable } from './events-table';
import { ExportMenu } from './export-menu';
import { eventsOf, funnelsOf } from './plan-content';
import { copyPlanCsv, downloadPlanMarkdown } from './plan-exports';
import { fullDate, relativeTime } from './relative-time';
import { useLastShown } from './use-last-shown';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;
/** product-spec §9: 3 loading placeholders. */
const LOADING_CARDS = 3;

export function HistoryPanel({
  productId,
  plans,
  isLoading,
}: {
  productId: string;
  plans: TrackingPlan[] | undefined;
  isLoading: boolean;
}) {
  const [viewing, setViewing] = useState<TrackingPlan | null>(null);
  const [deleting, setDeleting] = useState<TrackingPlan | null>(null);
  const count = plans?.length ?? 0;

  return (
    <section className="tp-panel" aria-labelledby="tp-history-title">
      <div className="tp-panel__head tp-panel__head--row">
        <h2 id="tp-history-title" className="tp-panel__title">
          Tracking Plans History
        </h2>
        <Tag className="tp-count">{count} plan(s)</Tag>
      </div>
      {isLoading ? (
        <div className="plan-cards" role="status" aria-label="Loading tracking plans">
          {Array.from({ length: LOADING_CARDS }, (_, index) => (
            <div key={index} className="plan-card plan-card--loading" data-testid="plan-card-loading">
              <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : count === 0 ? (
        <div className="tp-empty">
          <FileSearchOutlined {...hidden} className="tp-empty__icon" />
          <h3 className="tp-empty__title">No tracking plans yet</h3>
          <p className="tp-empty__text">Generate your first tracking plan to see it appear here.</p>
        </div>
      ) : (
        <ul className="plan-cards">
          {plans?.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} onView={() => setViewing(plan)} onDelete={() => setDeleting(plan)} />
            </li>
          ))}
        </ul>
      )}
      <PlanViewDialog plan={viewing} onClose={() => setViewing(null)} />
      <DeletePlanDialog productId={productId} plan={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function PlanCard({
  plan,
  onView,
  onDelete,
}: {
  plan: TrackingPlan;
  onView: () => void;
  onDelete: () => void;
}) {
  const generating = plan.status === 'generating';
  const events = eventsOf(plan.content);
  const properties = events.reduce((sum, event) => sum + event.properties.length, 0);
  const funnels = funnelsOf(plan.content).length;
  return (
    <article className={`plan-card plan-card--${plan.status}`} aria-label={plan.title}>
      <div className="plan-card__top">
        <h3 className="plan-card__title">{plan.title}</h3>
        {generating && (
          <Tag color="processing" icon={<LoadingOutlined {...hidden} />}>
            Generating...
          </Tag>
        )}
        {plan.status === 'failed' && <Tag color="error">Failed</Tag>}
      </div>
      <p className="plan-card__meta">
        <span title={fullDate(plan.createdAt)}>
          <ClockCircleOutlined {...hidden} /> {relativeTime(plan.createdAt)}
        </span>
        {plan.status === 'completed' && (
          <>
            <span>{plural(events.length, 'event')}</span>
            <span>{plural(properties, 'property', 'properties')}</span>
            {funnels > 0 && <span>{plural(funnels, 'funnel')}</span>}
          </>
        )}
      </p>
      {plan.status === 'failed' && plan.error && <p className="plan-card__error">{plan.error}</p>}
      <div className="plan-card__actions">
        <Button size="small" icon={<EyeOutlined {...hidden} />} disabled={generating} onClick={onView}>
          View
        </Button>
        <Button
          size="small"
          icon={<CopyOutlined {...hidden} />}
          disabled={generating || events.length === 0}
          onClick={() => void copyPlanCsv(events)}
        >
          Copy
        </Button>
        <Button
          size="small"
          icon={<DownloadOutlined {...hidden} />}
          disabled={generating || plan.status !== 'completed'}
          onClick={() => downloadPlanMarkdown(plan)}
        >
          Download
        </Button>
        {plan.status === 'completed' && <ExportMenu planId={plan.id} size="small" />}
        <Button
          size="small"
          danger
          icon={<DeleteOutlined {...hidden} />}
          disabled={generating}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </article>
  );
}

/** The view dialog: the events table, then the funnels; raw content when neither can be read. */
function PlanViewDialog({ plan: current, onClose }: { plan: TrackingPlan | null; onClose: () => void }) {
  const plan = useLastShown(current);
  const events = eventsOf(plan?.content);
  const funnels = funnelsOf(plan?.content);
  return (
    <Modal
      open={current !== null}
      title={plan?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={1160}
      destroyOnHidden
    >
      {plan && (
        <div className="plan-view">
          {plan.status === 'failed' && (
            <p className="plan-card__error">{plan.error ?? 'Tracking plan generation failed'}</p>
          )}
          {events.length > 0 && (
            <EventsTable events={events} caption={`${plan.title}: ${events.length} events`} />
          )}
          {funnels.length > 0 && (
            <section className="plan-view__funnels" aria-labelledby="plan-view-funnels">
              <h3 id="plan-view-funnels" className="plan-view__heading">
                Funnels
              </h3>
              <ul className="funnels">
                {funnels.map((funnel, index) => (
                  <li key={`${funnel.name}-${index}`} className="funnel">
                    <h4 className="funnel__name">{funnel.name}</h4>
                    {funnel.description && <p className="funnel__description">{funnel.description}</p>}
                    <p className="funnel__steps">{funnel.steps.join(' → ')}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {events.length === 0 && funnels.length === 0 && plan.content !== null && (
            <pre className="plan-view__raw">{JSON.stringify(plan.content, null, 2)}</pre>
          )}
        </div>
      )}
    </Modal>
  );
}

function DeletePlanDialog({
  productId,
  plan,
  onClose,
}: {
  productId: string;
  plan: TrackingPlan | null;
  onClose: () => void;
}) {
  const [deletePlan, { isLoading }] = useDeleteTrackingPlanMutation();
  const shown = useLastShown(plan);

  async function confirm(): Promise<void> {
    if (!plan) return;
    try {
      await deletePlan({ id: plan.id, productId }).unwrap();
      toast.success('Tracking plan deleted');
      onClose();
    } catch (error) {
      toast.error(
        'Error deleting tracking plan',
        errorMessageOr(error, 'Failed to delete tracking plan. Please try again.'),
      );
    }
  }

  return (
    <Modal
      open={plan !== null}
      title="Delete tracking plan"
      okText="Delete"
      okButtonProps={{ danger: true, loading: isLoading }}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>Are you sure you want to delete &quot;{shown?.title}&quot;? This action cannot be undone.</p>
    </Modal>
  );
}
