import { ShellLink } from '../ui/ShellLink';

// Logged-out header (spec section 2): Sign In and Register. The dialogs arrive with the
// accounts work; until then both lead to the /authentication page.
export function AccountLinks() {
  return (
    <ul className="account-links">
      <li>
        <ShellLink to="/authentication?userType=Login">Sign In</ShellLink>
      </li>
      <li>
        <ShellLink to="/authentication?userType=Register">Register</ShellLink>
      </li>
    </ul>
  );
}
