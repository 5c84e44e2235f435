import { helpLineText, type LegalFacts, type LegalTexts } from './facts.js';

/** The legal pages in Vietnamese (lotus' default language). */
export function vietnameseTexts(f: LegalFacts): LegalTexts {
  const licence = `${f.merchantName} được cấp phép và chịu sự quản lý của ${f.authority} theo giấy phép số ${f.licenceNumber}.`;
  return {
    terms: {
      title: 'Điều khoản và Điều kiện',
      body: [
        `Các điều khoản này điều chỉnh việc bạn sử dụng ${f.merchantName} và mọi tài khoản được mở tại đây. Khi đăng ký hoặc chơi, bạn chấp nhận các điều khoản này; vui lòng đọc kỹ và lưu lại một bản.`,
        `## 1. Chúng tôi là ai`,
        licence,
        `## 2. Tài khoản của bạn`,
        `Bạn phải từ ${f.minAge} tuổi trở lên và được phép tham gia cá cược tại nơi bạn sinh sống. Mỗi người chỉ được có một tài khoản, đăng ký bằng chính tên mình với thông tin trung thực. Hãy giữ bí mật mật khẩu: bạn chịu trách nhiệm về mọi hoạt động trên tài khoản của mình.`,
        `## 3. Nạp tiền, đặt cược và rút tiền`,
        `Tiền nạp phải đến từ phương thức thanh toán đứng tên bạn. Một cược là cuối cùng khi đã được chấp nhận. Chúng tôi có thể yêu cầu bạn chứng minh danh tính và nguồn tiền trước khi thanh toán một lệnh rút, theo quy định của pháp luật.`,
        `## 4. Khuyến mãi`,
        `Mỗi khoản thưởng có yêu cầu doanh thu cược riêng, được hiển thị trước khi bạn nhận. Tiền thưởng không thể rút cho đến khi đáp ứng yêu cầu đó. Chúng tôi có thể thu hồi khoản thưởng có được do lạm dụng, chẳng hạn như dùng nhiều tài khoản.`,
        `## 5. Chơi có trách nhiệm`,
        `Bạn có thể đặt giới hạn nạp tiền, thua lỗ, tiền cược và thời gian phiên, tạm nghỉ hoặc tự loại trừ bất cứ lúc nào tại trang chơi có trách nhiệm.`,
        `## 6. Thay đổi và khiếu nại`,
        `Khi điều khoản thay đổi, chúng tôi công bố phiên bản mới và đề nghị bạn chấp nhận ở lần đăng nhập tiếp theo. Để khiếu nại, hãy liên hệ bộ phận chăm sóc khách hàng; chúng tôi trả lời trong vòng 14 ngày.`,
      ].join('\n\n'),
    },
    privacy: {
      title: 'Chính sách Quyền riêng tư',
      body: [
        `${f.merchantName} tôn trọng quyền riêng tư của bạn. Chính sách này giải thích chúng tôi thu thập gì, vì sao, và bạn có những lựa chọn nào.`,
        `## Chúng tôi thu thập gì`,
        `Thông tin tài khoản (tên đăng nhập, số điện thoại, email), giao dịch và cược của bạn, thiết bị và địa chỉ bạn kết nối, và những gì bạn trao đổi với bộ phận chăm sóc khách hàng.`,
        `## Vì sao chúng tôi sử dụng`,
        `Để vận hành tài khoản, thanh toán cho bạn, ngăn chặn gian lận và rửa tiền, bảo vệ trẻ vị thành niên và người chơi dễ bị tổn thương, và tuân thủ quy định của ${f.authority}. Chúng tôi chỉ gửi tin tiếp thị khi bạn đồng ý, và bạn có thể ngừng nhận bất cứ lúc nào.`,
        `## Chúng tôi chia sẻ với ai`,
        `Các nhà cung cấp thanh toán, nhà cung cấp trò chơi và dịch vụ xác minh danh tính làm việc cho chúng tôi, và cơ quan chức năng khi pháp luật yêu cầu. Chúng tôi không bao giờ bán dữ liệu của bạn.`,
        `## Chúng tôi lưu giữ bao lâu`,
        `Trong suốt thời gian tài khoản của bạn hoạt động và sau đó trong thời hạn pháp luật yêu cầu, thường là năm năm.`,
        `## Quyền của bạn`,
        `Bạn có thể yêu cầu bản sao dữ liệu, sửa hoặc xóa dữ liệu trong phạm vi pháp luật cho phép. Hãy liên hệ bộ phận chăm sóc khách hàng để thực hiện.`,
      ].join('\n\n'),
    },
    'responsible-gaming': {
      title: 'Chơi có Trách nhiệm',
      body: [
        `Cá cược nên là một hình thức giải trí, không bao giờ là cách kiếm tiền. ${f.merchantName} cung cấp cho bạn các công cụ để luôn làm chủ.`,
        `## Độ tuổi`,
        `Chỉ người từ ${f.minAge} tuổi trở lên mới được mở tài khoản. Chúng tôi kiểm tra độ tuổi và đóng tài khoản của người chưa đủ tuổi.`,
        `## Công cụ bạn có thể dùng`,
        `- Giới hạn nạp tiền theo ngày, tuần và tháng\n- Giới hạn thua lỗ và tiền cược\n- Giới hạn thời gian phiên và nhắc nhở thời gian chơi\n- Tạm nghỉ hoặc tự loại trừ`,
        `Giảm giới hạn có hiệu lực ngay; tăng giới hạn phải chờ hết thời gian cân nhắc.`,
        `## Dấu hiệu cảnh báo`,
        `Chi tiêu quá khả năng, cố gỡ lại tiền đã thua, vay tiền để chơi, hoặc giấu người khác việc mình chơi là những dấu hiệu cần dừng lại và tìm kiếm sự giúp đỡ.`,
        `## Nơi tìm kiếm trợ giúp`,
        f.helpLines.map(helpLineText).join('\n'),
      ].join('\n\n'),
    },
    licence: {
      title: 'Giấy phép',
      body: [
        licence,
        `## Điều này có nghĩa là gì`,
        `Trò chơi, việc quản lý tiền của bạn và các biện pháp chơi có trách nhiệm của chúng tôi đều chịu sự giám sát của cơ quan quản lý. Tiền của người chơi được giữ tách biệt với tiền của công ty.`,
        `## Trò chơi công bằng`,
        `Kết quả của mọi trò chơi đến từ bộ tạo số ngẫu nhiên được chứng nhận và kiểm định bởi các phòng thí nghiệm độc lập.`,
        `## Giới hạn độ tuổi`,
        `Chỉ người từ ${f.minAge} tuổi trở lên mới được tham gia cá cược tại đây.`,
      ].join('\n\n'),
    },
    cookies: {
      title: 'Chính sách Cookie',
      body: [
        `${f.merchantName} lưu các tệp và giá trị nhỏ trên thiết bị của bạn để giữ bạn đăng nhập và để trang web hoạt động.`,
        `## Cần thiết`,
        `Phiên đăng nhập, ngôn ngữ của bạn và các bước kiểm tra bảo mật. Trang web không thể hoạt động nếu thiếu chúng.`,
        `## Tùy chọn`,
        `Những lựa chọn được ghi nhớ, chẳng hạn các trò chơi bạn chơi gần đây.`,
        `## Đo lường và tiếp thị`,
        `Đếm lượt truy cập và, khi bạn đồng ý, đo lường hiệu quả quảng cáo. Bạn có thể từ chối mà không mất bất cứ điều gì trên trang.`,
        `## Lựa chọn của bạn`,
        `Bạn có thể xóa cookie trong phần cài đặt trình duyệt bất cứ lúc nào; khi đó bạn sẽ bị đăng xuất.`,
      ].join('\n\n'),
    },
  };
}
