/** What other features use of warranty claims: the claim form's section and the account's list. */
export { ClaimForm, ClaimSection } from './ClaimForm';
export { ClaimsSection } from './ClaimsSection';
