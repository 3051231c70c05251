import { setRoleVerifiedAction } from './customer-actions';
import { type BuyerUser, isVerified } from './customer-directory';

export interface UserRow {
  buyerId: string;
  buyerName?: string;
  user: BuyerUser;
}

/**
 * Buyer users with their job role and its verification, and a button to verify or withdraw it for staff
 * who may change buyer users. `returnTo` names the page the button's action comes back to.
 */
export function UserTable({
  locale,
  rows,
  canEdit,
  returnTo,
  caption,
}: {
  locale: string;
  rows: UserRow[];
  canEdit: boolean;
  returnTo: '/admin/customers/verification' | '/admin/customers/company';
  caption: string;
}) {
  const showCompany = rows.some((row) => row.buyerName);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            {showCompany && <th scope="col">Company</th>}
            <th scope="col">E-mail</th>
            <th scope="col">Job role</th>
            <th scope="col">Verified</th>
            {canEdit && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ buyerId, buyerName, user }) => {
            const id = String(user.ID);
            const verified = isVerified(user);
            const name = `${user.FirstName ?? ''} ${user.LastName ?? ''}`.trim() || user.Username || id;
            return (
              <tr key={`${buyerId}/${id}`} data-user={id}>
                <th scope="row">
                  {name}
                  <br />
                  <small>{user.Username}</small>
                </th>
                {showCompany && <td data-label="Company">{buyerName}</td>}
                <td data-label="E-mail">{user.Email}</td>
                <td data-label="Job role">{user.xp?.JobTitle || '–'}</td>
                <td data-label="Verified">{verified ? 'Yes' : 'No'}</td>
                {canEdit && (
                  <td>
                    {(user.xp?.JobTitle || verified) && (
                      <form
                        action={setRoleVerifiedAction.bind(null, locale, buyerId, id, !verified, returnTo)}
                      >
                        <button
                          type="submit"
                          className="button"
                          aria-label={`${verified ? 'Withdraw' : 'Verify role'}: ${name}`}
                        >
                          {verified ? 'Withdraw' : 'Verify role'}
                        </button>
                      </form>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
