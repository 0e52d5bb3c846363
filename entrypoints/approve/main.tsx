import { ApprovalApp } from '../../src/ui/approve/ApprovalApp';
import { askCurrentEarly } from '../../src/ui/approve/client';
import { mount } from '../../src/ui/mount';

askCurrentEarly();
mount(ApprovalApp);
