import type { MemberRow, Permission } from '@club/contracts';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { carPath } from '../../lib/paths.ts';
import { cityLineOf, fullNameOf, initialsOf } from './member-rules.ts';

export type MemberCardProps = {
  member: MemberRow;
  permissionLabels: Map<Permission, string>;
  isPermissionShown: boolean;
  /** Events the member was checked in at this year (shown to admins; undefined hides it). */
  attendedThisYear?: number;
  canEdit: boolean;
  onEdit: (member: MemberRow) => void;
  onDelete: (member: MemberRow) => void;
  /** 3 inside a household, which has its own heading. */
  headingLevel?: 2 | 3;
};

/** One member's entry; a disabled member is struck through and labelled so in words as well. */
export function MemberCard({ member, permissionLabels, isPermissionShown, attendedThisYear, canEdit, onEdit, onDelete, headingLevel = 2 }: MemberCardProps) {
  const name = fullNameOf(member);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const cityLine = cityLineOf(member);
  const hasAddress = member.address !== '' || cityLine !== '';
  return (
    <li className={member.enabled ? 'member-card' : 'member-card member-card--disabled'}>
      {member.imageUrl !== '' ? (
        <img className="member-card__photo" src={member.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="member-card__photo member-card__initials" aria-hidden="true">
          {initialsOf(member)}
        </span>
      )}
      <div className="member-card__body">
        <Heading className="member-card__name">
          <span className="member-card__struck">{name}</span>
          {!member.enabled && <span className="member-card__tag">Disabled</span>}
        </Heading>
        <div className="member-card__struck">
          {member.display_name !== '' && member.display_name !== name && <p className="member-card__known-as">Known as {member.display_name}</p>}
          {hasAddress && (
            <address className="member-card__address">
              {member.address !== '' && <span>{member.address}</span>}
              {cityLine !== '' && <span>{cityLine}</span>}
            </address>
          )}
          <ul className="member-card__contact">
            {member.phone !== '' && (
              <li>
                <span className="visually-hidden">Phone: </span>
                <a href={`tel:${member.phone.replace(/[^\d+]/g, '')}`}>{member.phone}</a>
              </li>
            )}
            {member.email !== '' && (
              <li>
                <span className="visually-hidden">E-mail: </span>
                <a href={`mailto:${member.email}`}>
                  <BreakableEmail email={member.email} />
                </a>
              </li>
            )}
          </ul>
          {member.carLinks.length > 0 && (
            <>
              <p className="visually-hidden">Cars:</p>
              <ul className="member-card__cars">
                {member.carLinks.map((car) => (
                  <li key={car.id}>
                    <Link to={carPath(car.id)}>{car.label}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {attendedThisYear !== undefined && <p className="member-card__attended">Events attended this year: {attendedThisYear}</p>}
          {isPermissionShown && member.permissions.length > 0 && (
            <p className="member-card__permissions">Rights: {member.permissions.map((p) => permissionLabels.get(p) ?? p).join(', ')}</p>
          )}
        </div>
        {canEdit && (
          <div className="member-card__actions">
            <button type="button" className="button button--small" onClick={() => onEdit(member)} aria-label={`Edit ${name}`}>
              Edit
            </button>
            <button type="button" className="button button--small button--danger" onClick={() => onDelete(member)} aria-label={`Delete ${name}`}>
              Delete
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The address with break chances before each dot of the name and after the "@", where a
 * reader expects a wrap; the domain stays whole (only an overlong one breaks anywhere).
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at + 1);
  const parts = [...local.split(/(?=\.)/), ...(at < 0 ? [] : [email.slice(at + 1)])];
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
