/** Staff: the back office's sign-in, the owner's staff management, and one-time set-password links. */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDeps } from '../../lib/back-office';
import type { StaffSessions } from '../sessions';
import { staffRoutes } from './admin-routes';

export { issueLink, linkUrl } from './links';
export { addStaff, listStaff, sendStaffLink } from './service';

export interface StaffNeeds {
  backOffice: AdminDeps;
  staffSessions: StaffSessions;
}

export const staffModule: FastifyPluginAsync<StaffNeeds> = async (app, needs) => {
  staffRoutes(app, needs.backOffice, needs.staffSessions);
};
