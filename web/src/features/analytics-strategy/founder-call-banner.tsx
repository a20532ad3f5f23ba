/** The founder call booking banner (product-spec §1) of the strategy page; hidden while no link is configured. */
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import { useGetChatConfigQuery } from '../../api/chat.api';

const hidden = { 'aria-hidden': true, 'aria-label': undefined } as const;

export function FounderCallBanner() {
  const { data } = useGetChatConfigQuery();
  // Only a web link is followed: the address is configuration, not something to run.
  if (!data?.founderCallUrl || !/^https?:\/\//i.test(data.founderCallUrl)) return null;
  const who = data.founderName?.trim() || 'our founder';
  return (
    <aside className="founder-call" aria-label="Book a call">
      <PhoneOutlined {...hidden} className="founder-call__icon" />
      <p className="founder-call__text">
        Want a second opinion on your metrics? Talk it through with {who} on a free call.
      </p>
      <a className="founder-call__link" href={data.founderCallUrl} target="_blank" rel="noopener noreferrer">
        Book a call
      </a>
    </aside>
  );
}
