import { redirect } from 'react-router';

// home/login (spec section 2 route table: "Home with login"): the sign-in form, which is
// the /authentication page here, so it works without JavaScript and at every width.
export function loader() {
  return redirect('/authentication?userType=Login');
}
