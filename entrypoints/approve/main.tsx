import '../../src/ui/approve/first';
import { ApprovalApp } from '../../src/ui/approve/ApprovalApp';
import { mount } from '../../src/ui/mount';

mount(ApprovalApp);
