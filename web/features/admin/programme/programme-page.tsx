import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Campaign } from '#common/contract/programme';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { useAction } from '../kit/use-action';
import { CAMPAIGNS_KEY, CampaignFormPanel } from './campaign-form';
import { CampaignList } from './campaign-list';
import { EarnPreview } from './earn-preview';
import { EarnLimitsForm } from './earn-limits';
import { MarketingRulesForm } from './marketing-rules';
import { ProgrammeSettings, SETTINGS_KEY } from './programme-settings';
import { wallClockIn } from './programme-form';
import programmeCss from './programme.css?url';

const t = ruAdminProgramme;
const POINTS_KEY = ['admin', 'points'] as const;

/**
 * `/admin/programme` (docs/decisions/034): the campaigns, the earn preview and the programme's settings. The
 * marketer and the owner change them (`campaigns.write`, `settings.write`); the viewer reads.
 */
export function ProgrammePage() {
  const canWrite = useCan('campaigns.write');
  const canReadSettings = useCan('settings.read');
  const canWriteSettings = useCan('settings.write');
  const canWriteLimits = useCan('earnLimits.write');
  const campaigns = useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: () => adminApi().request('GET /api/operator/campaigns'),
  });
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => adminApi().request('GET /api/operator/settings'),
    enabled: canReadSettings,
  });
  const points = useQuery({
    queryKey: POINTS_KEY,
    queryFn: async () =>
      (await adminApi().request('GET /api/points')).points.map((p) => ({ id: p.id, title: p.title })),
  });
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  // The saved campaign's line (the form saves through its own action and closes).
  const [saved, setSaved] = useState('');
  // A delete asks once more, in the row (the action's confirmation step).
  const removal = useAction<Campaign>({
    run: (c) =>
      adminApi().request('DELETE /api/operator/campaigns/:campaignId', { params: { campaignId: c.id } }),
    done: (_, c) => t.campaigns.removed(c.title),
    invalidate: [CAMPAIGNS_KEY],
  });
  const clear = () => {
    setSaved('');
    removal.reset();
  };

  const timeZone = settings.data?.timeZone ?? 'Europe/Moscow';
  const today = wallClockIn(new Date(), timeZone).slice(0, 10);

  if (campaigns.isError || settings.isError || points.isError) {
    return <p className="admin-error">{ruAdmin.loadError}</p>;
  }
  if (!campaigns.data || !points.data || !settings.data) return <p role="status">{ruAdmin.loading}</p>;
  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={programmeCss} precedence="default" />
      <h1>{t.heading}</h1>
      {!canWrite && <p className="admin-muted">{t.readOnly}</p>}
      <section aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading">{t.campaigns.heading}</h2>
        {saved && <p role="status">{saved}</p>}
        <ActionStatus action={removal} />
        {canWrite && editing === null && (
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              clear();
              setEditing('new');
            }}
          >
            {t.campaigns.add}
          </button>
        )}
        {canWrite && editing !== null && (
          <CampaignFormPanel
            key={editing === 'new' ? 'new' : editing.id}
            campaign={editing === 'new' ? null : editing}
            today={today}
            points={points.data}
            onCancel={() => setEditing(null)}
            onSaved={(campaign) => {
              setEditing(null);
              removal.reset();
              setSaved(t.campaigns.saved(campaign.title));
            }}
          />
        )}
        <CampaignList
          campaigns={campaigns.data}
          today={today}
          points={points.data}
          canWrite={canWrite}
          confirming={removal.asking?.id ?? null}
          onEdit={(c) => {
            clear();
            setEditing(c);
          }}
          onAskDelete={(id) => {
            const campaign = campaigns.data.find((c) => c.id === id);
            if (campaign) removal.ask(campaign);
            else removal.cancel();
          }}
          onDelete={(c) => {
            setSaved('');
            removal.run(c);
          }}
        />
      </section>
      <EarnPreview points={points.data} timeZone={timeZone} />
      <ProgrammeSettings settings={settings.data} canWrite={canWriteSettings} />
      <EarnLimitsForm limits={settings.data.earnLimits} canWrite={canWriteLimits} />
      <MarketingRulesForm settings={settings.data} canWrite={canWriteSettings} />
    </>
  );
}
