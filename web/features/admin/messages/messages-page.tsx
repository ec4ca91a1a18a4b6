import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageCampaign } from '#common/contract/messages';
import { ruAdminMessages as t } from '#web/i18n/ru-admin-messages';
import { adminApi } from '../api';
import { useBrandDates } from '../dates';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { CAMPAIGNS, CampaignForm } from './campaign-form';
import { CampaignPanel } from './campaign-panel';
import messagesCss from './messages.css?url';

/** `/admin/messages` (decision 076): the campaigns and triggers, a new one, the one opened with its results. */
export function MessagesPage() {
  const canWrite = useCan('messages.write');
  const when = useBrandDates().dateTime;
  const campaigns = useQuery({
    queryKey: CAMPAIGNS,
    queryFn: () => adminApi().request('GET /api/operator/messages'),
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = campaigns.data?.find((c) => c.id === openId) ?? null;
  const columns: Column<MessageCampaign>[] = [
    {
      header: t.columns.name,
      cell: (c) => (
        <button
          type="button"
          className="admin-link"
          onClick={() => setOpenId(c.id)}
          aria-label={`${t.open}: ${c.name}`}
        >
          {c.name}
        </button>
      ),
    },
    { header: t.columns.channel, cell: (c) => t.channels[c.channel] },
    { header: t.columns.status, cell: (c) => t.statuses[c.status] },
    { header: t.columns.created, cell: (c) => when(c.createdAt) },
  ];
  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={messagesCss} precedence="default" />
      <h1>{t.heading}</h1>
      <p className="admin-muted">{t.lead}</p>
      {open && <CampaignPanel key={open.id} campaign={open} />}
      <section>
        <h2 id="message-list">{t.list}</h2>
        <DataTable
          label={t.list}
          columns={columns}
          rows={campaigns.data}
          rowKey={(c) => c.id}
          empty={t.none}
          error={campaigns.isError}
        />
      </section>
      {canWrite && <CampaignForm onCreated={setOpenId} />}
    </>
  );
}
