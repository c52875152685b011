// What other modules may use of the auth module besides AuthService: password hashing (the demo seed's
// sellers get a hash of a random password nobody knows).
export { hashPassword } from './password.js';
