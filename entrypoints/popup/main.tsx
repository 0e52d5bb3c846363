import { mount } from '../../src/ui/mount';
import { Popup } from '../../src/ui/pages/Popup';

mount(Popup);
