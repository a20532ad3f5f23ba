/**
 * The plan's Export menu: every format planning writes, each with one line on where its file goes, and Copy for
 * the TypeScript SDK. Files come from GET /api/tracking-plans/{id}/export, so a download is what the API gives.
 */
import CodeOutlined from '@ant-design/icons/CodeOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import {
  EXPORT_WARNINGS_HEADER,
  TRACKING_PLAN_EXPORT_FORMATS,
  TRACKING_PLAN_EXPORT_TARGETS,
  type TrackingPlanExportFormat,
} from '@tracklens/contracts/tracking-plan-export';
import type { DownloadedFile } from '../../api/base-query';
import { useExportTrackingPlanMutation } from '../../api/planning.api';
import { toast } from '../../components/toast';
import { downloadUrl } from '../../lib/download';
import { copyToClipboard } from './plan-exports';

const COPY_SDK = 'copy-typescript';
const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

const items: MenuProps['items'] = [
  ...TRACKING_PLAN_EXPORT_FORMATS.map((format) => ({
    key: format,
    label: (
      <span className="export-menu__item">
        <span className="export-menu__label">{TRACKING_PLAN_EXPORT_TARGETS[format].label}</span>
        <span className="export-menu__where">{TRACKING_PLAN_EXPORT_TARGETS[format].destination}</span>
      </span>
    ),
  })),
  { type: 'divider' as const },
  { key: COPY_SDK, icon: <CodeOutlined {...hidden} />, label: 'Copy TypeScript SDK' },
];

/** The names a tool would merge, as planning lists them (URI-encoded, one per line). */
function warningsOf(file: DownloadedFile): string[] {
  const header = file.headers[EXPORT_WARNINGS_HEADER];
  return header ? decodeURIComponent(header).split('\n').filter(Boolean) : [];
}

export function ExportMenu({ planId, size }: { planId: string; size?: 'small' }) {
  const [exportPlan, { isLoading }] = useExportTrackingPlanMutation();

  async function onSelect(key: string) {
    const format = (key === COPY_SDK ? 'typescript' : key) as TrackingPlanExportFormat;
    let file: DownloadedFile;
    try {
      file = await exportPlan({ id: planId, format }).unwrap();
    } catch {
      toast.error('Download failed', 'Could not download the tracking plan. Please try again.');
      return;
    }
    if (key === COPY_SDK) {
      await copyToClipboard(file.text ?? '');
      return;
    }
    try {
      downloadUrl(file.fileName, file.dataUrl);
    } catch {
      toast.error('Download failed', 'Could not download the tracking plan. Please try again.');
      return;
    }
    const warnings = warningsOf(file);
    if (warnings.length > 0) toast.warning('Download started', warnings.join('. '));
    else toast.success('Download started');
  }

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick: ({ key }) => void onSelect(key) }}>
      <Button size={size} icon={<ExportOutlined {...hidden} />} loading={isLoading}>
        Export
      </Button>
    </Dropdown>
  );
}
