/**
 * The saved items page `/products/{productId}/saved` (product-spec §2): cards with the type's emoji, the name,
 * a type label and the saved date; Preview, Download, Copy and Delete (with a confirmation).
 */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError, isAuthError } from '../../api/base-query';
import { userFlowDirection, type UserFlowDirection } from '@tracklens/contracts/user-flow-mermaid';
import {
  useDeleteSavedItemMutation,
  useGetProductQuery,
  useGetSavedItemsQuery,
  type SavedItem,
} from '../../api/catalog.api';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { toast } from '../../components/toast';
import { downloadText } from '../../lib/download';
import { MessageContent } from '../chat/message-content';
import { StrategyTable } from '../chat/strategy-table';
import { isNotFound } from '../product/product-not-found';
import { EventsTable } from '../tracking-plan/events-table';
import { copyToClipboard } from '../tracking-plan/plan-exports';
import { useLastShown } from '../tracking-plan/use-last-shown';
import { SAVED_TYPES, exportOf, previewOf, savedDate, summaryOf } from './saved-content';
import '../product/product.css';
import './saved.css';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

// React Flow loads only when a flow is previewed.
const FlowView = lazy(() => import('../user-flows/flow-view'));

/** A user flow is drawn, and written as Mermaid, in its product's direction. */
function useFlowDirection(productId: string): UserFlowDirection {
  const { data: product } = useGetProductQuery(productId);
  return userFlowDirection(product?.type ?? 'website');
}

export default function SavedPage() {
  const productId = useParams().productId ?? '';
  const {
    data: items,
    isLoading,
    isError,
    error,
    refetch,
  } = useGetSavedItemsQuery(productId, {
    refetchOnMountOrArgChange: true,
  });
  const [previewing, setPreviewing] = useState<SavedItem | null>(null);
  const [deleting, setDeleting] = useState<SavedItem | null>(null);
  const direction = useFlowDirection(productId);

  if (isError && !isNotFound(error)) {
    if (isApiError(error) && isAuthError(error)) return <LoadingScreen />;
    return <ErrorScreen variant="unexpected" onAction={() => void refetch()} />;
  }

  return (
    <main className="product-page saved-page">
      <header className="product-page__header">
        <h1 className="saved-page__title">
          <span className="saved-page__name">Saved Items</span>
          <span className="visually-hidden"> - </span>
          <span className="saved-page__subtitle">
            Manage your saved tracking plans and analytics strategies
          </span>
        </h1>
      </header>
      {isError ? (
        <MissingProduct />
      ) : isLoading ? (
        <div className="saved-cards" role="status" aria-label="Loading saved items">
          {[0, 1, 2].map((index) => (
            <div key={index} className="saved-card">
              <Skeleton active avatar paragraph={{ rows: 1 }} />
            </div>
          ))}
        </div>
      ) : !items || items.length === 0 ? (
        <div className="tp-empty saved-empty">
          <StarOutlined {...hidden} className="tp-empty__icon" />
          <h2 className="tp-empty__title">No saved items yet</h2>
          <p className="tp-empty__text">
            Save a tracking plan from the Tracking Plan tab, or a strategy from the Analytics Strategy tab,
            and it will appear here.
          </p>
        </div>
      ) : (
        <ul className="saved-cards">
          {items.map((item) => (
            <li key={item.id}>
              <SavedCard
                item={item}
                direction={direction}
                onPreview={() => setPreviewing(item)}
                onDelete={() => setDeleting(item)}
              />
            </li>
          ))}
        </ul>
      )}
      <PreviewDialog item={previewing} direction={direction} onClose={() => setPreviewing(null)} />
      <DeleteItemDialog productId={productId} item={deleting} onClose={() => setDeleting(null)} />
    </main>
  );
}

/** Another user's product, or none: the page keeps its heading and says so (product-spec §2). */
function MissingProduct() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h2 className="saved-page__missing">Product not found</h2>}
      subTitle="It may have been removed, or it belongs to another account."
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}

function download(item: SavedItem, direction: UserFlowDirection): void {
  try {
    const file = exportOf(item, direction);
    downloadText(file.fileName, file.text, file.mimeType);
    toast.success('Download started');
  } catch {
    toast.error('Download failed', 'Could not download the tracking plan. Please try again.');
  }
}

function SavedCard({
  item,
  direction,
  onPreview,
  onDelete,
}: {
  item: SavedItem;
  direction: UserFlowDirection;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const type = SAVED_TYPES[item.type];
  const summary = summaryOf(item);
  return (
    <article className="saved-card" aria-label={item.name}>
      <div className="saved-card__main">
        <span className="saved-card__emoji" role="img" aria-label={type.label}>
          {type.emoji}
        </span>
        <div className="saved-card__text">
          <h2 className="saved-card__name">{item.name}</h2>
          <p className="saved-card__meta">
            <span className={`saved-card__type saved-card__type--${item.type}`}>{type.label}</span>
            <span>Saved {savedDate(item.createdAt)}</span>
            {summary && <span>{summary}</span>}
          </p>
        </div>
      </div>
      <div className="saved-card__actions">
        <Button icon={<EyeOutlined {...hidden} />} onClick={onPreview}>
          Preview
        </Button>
        <Button icon={<DownloadOutlined {...hidden} />} onClick={() => download(item, direction)}>
          Download
        </Button>
        <Button
          icon={<CopyOutlined {...hidden} />}
          onClick={() => void copyToClipboard(exportOf(item, direction).text)}
        >
          Copy
        </Button>
        <Button danger icon={<DeleteOutlined {...hidden} />} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}

function PreviewBody({ item, direction }: { item: SavedItem; direction: UserFlowDirection }) {
  const preview = previewOf(item);
  switch (preview.kind) {
    case 'tracking_plan':
      return (
        <EventsTable events={preview.events} caption={`${item.name}: ${preview.events.length} events`} />
      );
    case 'strategy':
      return (
        <div className="strategy-preview">
          {preview.text && <MessageContent content={preview.text} />}
          <StrategyTable rows={preview.rows} caption={`${item.name}: ${preview.rows.length} metrics`} />
        </div>
      );
    case 'user_flow':
      return (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <FlowView flow={preview.flow} direction={direction} />
        </Suspense>
      );
    case 'json':
      return <pre className="plan-view__raw">{preview.text}</pre>;
  }
}

function PreviewDialog({
  item: current,
  direction,
  onClose,
}: {
  item: SavedItem | null;
  direction: UserFlowDirection;
  onClose: () => void;
}) {
  const item = useLastShown(current);
  return (
    <Modal
      open={current !== null}
      title={item ? `${SAVED_TYPES[item.type].emoji} ${item.name}` : undefined}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={1160}
      destroyOnHidden
    >
      {item && <PreviewBody item={item} direction={direction} />}
    </Modal>
  );
}

function DeleteItemDialog({
  productId,
  item,
  onClose,
}: {
  productId: string;
  item: SavedItem | null;
  onClose: () => void;
}) {
  const [deleteItem, { isLoading }] = useDeleteSavedItemMutation();
  const shown = useLastShown(item);

  async function confirm(): Promise<void> {
    if (!item) return;
    try {
      await deleteItem({ id: item.id, productId }).unwrap();
      toast.success('Item deleted');
      onClose();
    } catch {
      toast.error('Failed to delete item');
    }
  }

  return (
    <Modal
      open={item !== null}
      title="Delete saved item"
      okText="Delete"
      okButtonProps={{ danger: true, loading: isLoading }}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <p>Are you sure you want to delete &quot;{shown?.name}&quot;? This action cannot be undone.</p>
    </Modal>
  );
}
