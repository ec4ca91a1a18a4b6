import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Campaign } from '#common/contract/programme';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminProgramme } from '#web/i18n/ru-admin-programme';
import { adminApi, adminErrorText, useStaffSession } from '../admin-api';
import { CampaignFormPanel } from './admin-campaign-form';
import { CampaignList } from './admin-campaign-list';
import { EarnPreview } from './admin-earn-preview';
import { EarnLimitsForm } from './admin-earn-limits';
import { ProgrammeSettings, SETTINGS_KEY } from './admin-programme-settings';
import { wallClockIn } from './programme-form';
import programmeCss from './programme.css?url';

const t = ruAdminProgramme;
const CAMPAIGNS_KEY = ['admin', 'campaigns'] as const;
const POINTS_KEY = ['admin', 'points'] as const;

/**
 * `/admin/programme` (docs/decisions/034): the campaigns, the earn preview and the programme's settings. The
 * marketer and the owner change them (`campaigns.write`, `settings.write`); the viewer reads.
 */
export function ProgrammePage() {
  const queryClient = useQueryClient();
  const permissions = useStaffSession().data?.permissions ?? [];
  const canWrite = permissions.includes('campaigns.write');
  const campaigns = useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: () => adminApi().request('GET /api/operator/campaigns'),
  });
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => adminApi().request('GET /api/operator/settings'),
    enabled: permissions.includes('settings.read'),
  });
  const points = useQuery({
    queryKey: POINTS_KEY,
    queryFn: async () =>
      (await adminApi().request('GET /api/points')).points.map((p) => ({ id: p.id, title: p.title })),
  });
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const timeZone = settings.data?.timeZone ?? 'Europe/Moscow';
  const today = wallClockIn(new Date(), timeZone).slice(0, 10);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
  const remove = async (c: Campaign) => {
    setError('');
    setDone('');
    try {
      await adminApi().request('DELETE /api/operator/campaigns/:campaignId', {
        params: { campaignId: c.id },
      });
      setDone(t.campaigns.removed(c.title));
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    setConfirming(null);
    await refresh();
  };

  if (campaigns.isError || settings.isError || points.isError) {
    return <p className="admin-error">{ruAdmin.loadError}</p>;
  }
  if (!campaigns.data || !points.data || !settings.data) return <p role="status">{ruAdmin.loading}</p>;
  return (
    <>
      {/* This screen's own stylesheet, beside the console's admin.css (React hoists it). */}
      <link rel="stylesheet" href={programmeCss} precedence="default" />
      <h1>{t.heading}</h1>
      {!canWrite && <p className="admin-muted">{t.readOnly}</p>}
      <section aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading">{t.campaigns.heading}</h2>
        {done && <p role="status">{done}</p>}
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        {canWrite && editing === null && (
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setDone('');
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
            onSaved={(saved) => {
              setEditing(null);
              setDone(t.campaigns.saved(saved.title));
              void refresh();
            }}
          />
        )}
        <CampaignList
          campaigns={campaigns.data}
          today={today}
          points={points.data}
          canWrite={canWrite}
          confirming={confirming}
          onEdit={(c) => {
            setDone('');
            setEditing(c);
          }}
          onAskDelete={setConfirming}
          onDelete={(c) => void remove(c)}
        />
      </section>
      <EarnPreview points={points.data} timeZone={timeZone} />
      <ProgrammeSettings settings={settings.data} canWrite={permissions.includes('settings.write')} />
      <EarnLimitsForm limits={settings.data.earnLimits} canWrite={permissions.includes('earnLimits.write')} />
    </>
  );
}
