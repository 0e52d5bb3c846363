import { mount } from '../../src/ui/mount';
import { Approve } from '../../src/ui/pages/Approve';

mount(Approve);
