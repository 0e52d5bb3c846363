import { mount } from '../../src/ui/mount';
import { Popup } from '../../src/ui/pages/Popup';
import { askStatusEarly } from '../../src/ui/wallet';

askStatusEarly();
mount(Popup);
