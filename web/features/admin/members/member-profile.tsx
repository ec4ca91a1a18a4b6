import type { ReactNode } from 'react';
import type { MemberProfile } from '#common/contract/members';
import { ruAdminMemberProfile as p } from '#web/i18n/ru-admin-members';
import { isoDayToRu, useBrandDates } from '../dates';
import { memberPath, memberPhone, roubles } from './member-format';

/**
 * What support is asked about (decision 053): level, birth date, first day, registration, consent, referrer,
 * and the e-mail; times in the brand's zone.
 */
export function MemberProfileList({
  member,
}: {
  member: { email: string; registeredAt: string | null; profile: MemberProfile };
}) {
  const dates = useBrandDates();
  const { profile } = member;
  const rows: [string, ReactNode][] = [
    [
      p.level,
      profile.level
        ? p.levelValue(profile.level.title, profile.level.earnPercent, roubles(profile.level.spend))
        : p.none,
    ],
    [p.birthDate, profile.birthDate ? isoDayToRu(profile.birthDate) : p.none],
    [p.createdAt, dates.dateTime(profile.createdAt)],
    [p.registeredAt, member.registeredAt ? dates.dateTime(member.registeredAt) : p.notRegistered],
    [p.consent, profile.consentVersion ? p.consentValue(profile.consentVersion) : p.noConsent],
    [
      p.referrer,
      profile.referrer ? (
        profile.referrer.userId ? (
          <a href={memberPath(profile.referrer.userId)}>
            {p.referrerValue(profile.referrer.cardNum, memberPhone(profile.referrer.phone ?? ''))}
          </a>
        ) : (
          p.referrerUnknown(profile.referrer.cardNum)
        )
      ) : (
        p.none
      ),
    ],
    [p.email, member.email || p.none],
  ];
  if (profile.deletedAt) rows.push([p.deletedAt, dates.dateTime(profile.deletedAt)]);
  return (
    <dl className="admin-facts" aria-label={p.heading}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
