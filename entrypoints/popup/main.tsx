import '../../src/ui/popupFirst';
import { mount } from '../../src/ui/mount';
import { Popup } from '../../src/ui/pages/Popup';

mount(Popup);
