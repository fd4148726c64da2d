/** Staff accounts from a terminal: the first owner of a production database is made here. */
import { CLI_ACTOR } from '../lib/back-office';
import { addStaff, listStaff, sendStaffLink } from '../modules/staff';
import type { SellerCommand } from './seller-types';

export const staffCommands: Record<string, SellerCommand> = {
  staff: {
    usage: 'add <email> --role owner|clerk [--name "Full Name"] | list | link <email>',
    summary:
      'Adds a staff member and mails (and prints) a one-time link to set their password; lists staff; sends a new link.',
    async run({ deps }, [sub, ...args]) {
      if (sub === 'list') {
        const people = await listStaff(deps);
        if (people.length === 0)
          console.log('No staff yet: add the first owner with staff add <email> --role owner.');
        for (const s of people)
          console.log(
            `${s.staff_id}  |  ${s.email}  |  ${s.role}  |  ${s.active ? 'active' : 'disabled'}${s.has_password ? '' : '  |  password not set yet'}`,
          );
        return;
      }
      if (sub === 'link') {
        const [email] = args;
        const person = (await listStaff(deps)).find((s) => s.email.toLowerCase() === email?.toLowerCase());
        if (!person) throw new Error(`There is no staff member ${email ?? ''}.`);
        const sent = await sendStaffLink(deps, CLI_ACTOR, person.staff_id);
        console.log(`A new link to set the password is mailed to ${person.email}:\n${sent.link}`);
        return;
      }
      if (sub !== 'add') throw new Error(`Usage: staff ${staffCommands.staff!.usage}`);
      let email: string | undefined;
      let role: string | undefined;
      let name = '';
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '--role') role = args[++i];
        else if (args[i] === '--name') name = args[++i] ?? '';
        else if (args[i]?.startsWith('--')) throw new Error(`Unknown option ${args[i]}.`);
        else if (email === undefined) email = args[i];
        else throw new Error('Give one e-mail address.');
      }
      if (!email || !role)
        throw new Error('Usage: staff add <email> --role owner|clerk [--name "Full Name"]');
      const added = await addStaff(deps, CLI_ACTOR, { email, role, name });
      console.log(
        `Staff member ${added.staff.email} (${added.staff.role}) added. The link to set the password is mailed, and here (it works once, for 7 days):\n${added.link}`,
      );
    },
  },
};
