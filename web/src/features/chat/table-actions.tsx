/** The actions under a chat table (product-spec §2): Copy, CSV download, and Save when a product is known. */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import Button from 'antd/es/button';
import { copyTable, downloadTableCsv } from './chat-exports';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function TableActions({
  csv,
  onSave,
  saveLabel = 'Save',
}: {
  csv: () => string;
  onSave?: () => void;
  saveLabel?: string;
}) {
  return (
    <div className="chat-table__actions">
      <Button size="small" icon={<CopyOutlined {...hidden} />} onClick={() => void copyTable(csv())}>
        Copy table
      </Button>
      <Button size="small" icon={<DownloadOutlined {...hidden} />} onClick={() => downloadTableCsv(csv())}>
        Download CSV
      </Button>
      {onSave && (
        <Button size="small" type="primary" icon={<SaveOutlined {...hidden} />} onClick={onSave}>
          {saveLabel}
        </Button>
      )}
    </div>
  );
}
